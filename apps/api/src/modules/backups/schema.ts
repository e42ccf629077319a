import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/connection.js";

/**
 * Tables a backup leaves out: its own history and lock stay with the database they describe, and
 * so does the job queue (a restore must not send old e-mails again or re-run a backup's own job).
 * The gradebook's stored rows and the stored missing-work counts are derived (a restore forgets them;
 * they are computed again).
 */
const NOT_BACKED_UP = new Set([
  "backups",
  "backup_lock",
  "outbox_jobs",
  "gradebook_rows",
  "gradebook_courses",
  "learner_missing_work",
]);

/**
 * The product's tables, parents before children (by foreign keys), so rows can be loaded in this
 * order and deleted in the reverse. Left out: the migrator's bookkeeping, SQLite's full-text index
 * (kept by triggers from `users`) and the backups' own tables.
 */
export async function tablesInDependencyOrder(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const tables = dialect === "sqlite" ? await sqliteTables(db) : await postgresTables(db);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of await foreignKeys(db, dialect, tables)) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    // A cycle of foreign keys (none today) is loaded in name order rather than not at all.
    const next = ready.length ? ready : tables.filter((t) => !placed.has(t)).slice(0, 1);
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

const keep = (name: string) => !name.startsWith("kysely_") && !NOT_BACKED_UP.has(name);

async function sqliteTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? "")).map((r) => r.name);
  const shadow = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  return rows.map((r) => r.name).filter((name) => keep(name) && !shadow(name));
}

async function postgresTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter(keep);
}

async function foreignKeys(db: Kysely<any>, dialect: Dialect, tables: string[]) {
  if (dialect === "postgres") {
    const { rows } = await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
    return rows;
  }
  const edges: { child: string; parent: string }[] = [];
  for (const child of tables) {
    const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${child})`.execute(db);
    for (const row of rows) edges.push({ child, parent: row.table });
  }
  return edges;
}

/** The column names of a table in the connected database. */
export async function tableColumns(db: Kysely<any>, dialect: Dialect, table: string): Promise<string[]> {
  if (dialect === "sqlite") {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.map((r) => r.name);
}

/** The newest migration applied to the connected database. */
export async function appliedMigration(db: Kysely<any>): Promise<string | null> {
  const row = await db
    .selectFrom("kysely_migration")
    .select("name")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst();
  return (row?.name as string | undefined) ?? null;
}
