import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types.js";

type Executor = Kysely<Database> | Transaction<Database>;

export const findAvatar = (db: Executor, userId: string) =>
  db.selectFrom("user_avatars").selectAll().where("user_id", "=", userId).executeTakeFirst();

export async function saveAvatar(
  db: Executor,
  row: { user_id: string; storage_key: string; mime: string; updated_at: string },
) {
  await db
    .insertInto("user_avatars")
    .values(row)
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ storage_key: row.storage_key, mime: row.mime, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteAvatar(db: Executor, userId: string) {
  await db.deleteFrom("user_avatars").where("user_id", "=", userId).execute();
}
