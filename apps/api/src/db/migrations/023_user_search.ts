import { type Kysely, PostgresAdapter, sql } from "kysely";

// Searching 100k users by any part of the name or e-mail without reading every row (issue 11):
// trigram indexes. SQLite: an FTS5 table with the trigram tokenizer, kept in step by triggers.
// PostgreSQL: GIN trigram indexes on lower(name) and lower(email), when pg_trgm can be had (it is a
// trusted extension; without it, search still works by reading the table). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return postgresUp(db);
  await sql`create virtual table users_search using fts5(user_id unindexed, name, email, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`insert into users_search (user_id, name, email) select id, name, email from users`.execute(db);
  await sql`create trigger users_search_insert after insert on users begin
    insert into users_search (user_id, name, email) values (new.id, new.name, new.email);
  end`.execute(db);
  await sql`create trigger users_search_update after update of name, email on users begin
    update users_search set name = new.name, email = new.email where user_id = old.id;
  end`.execute(db);
  await sql`create trigger users_search_delete after delete on users begin
    delete from users_search where user_id = old.id;
  end`.execute(db);
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  const ops = sql.raw(`"${schema}".gin_trgm_ops`);
  await sql`create index users_name_trgm_idx on users using gin (lower(name) ${ops})`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (lower(email) ${ops})`.execute(db);
}

/** The schema holding pg_trgm, installing it in `public` when allowed; null when it cannot be had. */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  if (installed.rows[0]) return installed.rows[0].schema;
  const allowed = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and has_database_privilege(current_database(), 'CREATE')
      and has_schema_privilege('public', 'CREATE') as ok`.execute(db);
  if (!allowed.rows[0]?.ok) return null;
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  return "public";
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists users_name_trgm_idx`.execute(db);
    await sql`drop index if exists users_email_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ["users_search_insert", "users_search_update", "users_search_delete"]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists users_search`.execute(db);
}
