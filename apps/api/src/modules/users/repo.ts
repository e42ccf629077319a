import type { Kysely, Selectable } from "kysely";
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
