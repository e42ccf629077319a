import type { UserListQuery } from "@lms/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, UsersTable } from "../../db/types.js";

export type UserRow = Selectable<UsersTable>;

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

/** Users newest first, filtered by name or e-mail text, role and status; one page and the total. */
export async function listUsers(db: Kysely<Database>, query: UserListQuery) {
  let base = db.selectFrom("users");
  if (query.role) base = base.where("role", "=", query.role);
  if (query.status) base = base.where("status", "=", query.status);
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`(lower(name) like ${pattern} escape '\\' or email like ${pattern} escape '\\')`);
  }
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
