import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export const activeFeed = (db: Db, userId: string) =>
  db
    .selectFrom("calendar_feeds")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

export async function insertFeed(db: Db, row: { id: string; user_id: string; token_hash: string; created_at: string }) {
  await db
    .insertInto("calendar_feeds")
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function revokeFeeds(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable("calendar_feeds")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** The owner of a feed that has not been revoked. */
export const feedOwner = (db: Db, tokenHash: string) =>
  db
    .selectFrom("calendar_feeds as f")
    .innerJoin("users as u", "u.id", "f.user_id")
    .select(["u.id", "u.role", "u.status", "u.name"])
    .where("f.token_hash", "=", tokenHash)
    .where("f.revoked_at", "is", null)
    .executeTakeFirst();
