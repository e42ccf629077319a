import type { UserListQuery } from "@lms/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, UsersTable } from "../../db/types.js";

export type UserRow = Selectable<UsersTable>;
type UserFilters = Pick<UserListQuery, "search" | "role" | "status">;

export const findUserById = (db: Kysely<Database>, id: string) =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

export const findUserByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();

export async function insertUser(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db.insertInto("users").values(row).execute();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<UserRow, "id">>,
): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

/** Users filtered by name or e-mail text, role and status (the user list's filters). */
function filteredUsers(db: Kysely<Database>, query: UserFilters) {
  let base = db.selectFrom("users");
  if (query.role) base = base.where("role", "=", query.role);
  if (query.status) base = base.where("status", "=", query.status);
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`(lower(name) like ${pattern} escape '\\' or email like ${pattern} escape '\\')`);
  }
  return base;
}

/** Users newest first, filtered; one page and the total. */
export async function listUsers(db: Kysely<Database>, query: UserListQuery) {
  const base = filteredUsers(db, query);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** Every filtered user, newest first, a batch at a time (keyset paging, so each batch is an index range). */
export async function* usersInBatches(db: Kysely<Database>, query: UserFilters, size = 1000) {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let next = filteredUsers(db, query).selectAll();
    if (after) {
      const { created_at, id } = after;
      next = next.where((eb) =>
        eb.or([eb("created_at", "<", created_at), eb.and([eb("created_at", "=", created_at), eb("id", "<", id)])]),
      );
    }
    const rows = await next.orderBy("created_at", "desc").orderBy("id", "desc").limit(size).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}
