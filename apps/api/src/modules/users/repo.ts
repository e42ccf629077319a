import type { UserListQuery } from "@lms/contract";
import { type Kysely, PostgresAdapter, type Selectable, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { containsText } from "../../db/text-search.js";
import type { Database, UsersTable } from "../../db/types.js";
import { countInRollups } from "../platform/rollups.js";

export type UserRow = Selectable<UsersTable>;
type UserFilters = Pick<UserListQuery, "search" | "role" | "status">;
const USER_TEXT = ["name", "email"] as const;

const userById = compiledOnce((db, id: string) => db.selectFrom("users").selectAll().where("id", "=", id));

/** Read on every signed-in request (the guard), so compiled once. */
export const findUserById = async (db: Kysely<Database>, id: string) => (await userById(db, id))[0];

export const findUserByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();

/** The account and its count in the admin analytics, together. */
export async function insertUser(db: Kysely<Database>, row: UserRow): Promise<void> {
  const write = async (trx: Kysely<Database>) => {
    await trx.insertInto("users").values(row).execute();
    await countInRollups(trx, "users", [{ at: row.created_at }]);
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<UserRow, "id">>,
): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

/** Totals past this are not counted: the list says "10,000+" and a search narrows it down. */
export const USER_COUNT_CAP = 10_000;

/**
 * Past this many trigram matches a search is common: its newest-first page is found sooner by walking the
 * users in that order and testing each (25 matches turn up within a few hundred rows) than by gathering
 * every match from the trigram index and sorting them (115k matches of "learner" among 100k users: 173 ms).
 */
const COMMON_MATCHES = 2_000;

/** The trigram index's matches of the text (migration 023), counted up to `cap`. */
const trigramMatchCount = compiledOnce((db, phrase: string, cap: number) =>
  db
    .selectFrom(
      sql<{ user_id: string }>`(select user_id from users_search where users_search match ${phrase} limit ${cap})`.as(
        "matches",
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as("count")),
);

/** The text as one FTS5 phrase. */
const trigramPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * How a search is read: through the trigram index when it is uncommon, else by testing each user in
 * order (SQLite's trigram index needs three characters; PostgreSQL plans by its own statistics), with
 * the trigram index's count of its matches when it was asked.
 */
async function searchPlan(db: Kysely<Database>, text: string | undefined) {
  if (!text || db.getExecutor().adapter instanceof PostgresAdapter || text.length < 3) return { trigram: false };
  const [counted] = await trigramMatchCount(db, trigramPhrase(text), USER_COUNT_CAP + 1);
  const matches = Number(counted?.count ?? 0);
  return { trigram: matches <= COMMON_MATCHES, matches };
}
type SearchPlan = Awaited<ReturnType<typeof searchPlan>>;

/** Users filtered by name or e-mail text, role and status (the user list's filters). */
function filteredUsers(db: Kysely<Database>, query: UserFilters, plan: SearchPlan) {
  let base = db.selectFrom("users");
  if (query.role) base = base.where("role", "=", query.role);
  if (query.status) base = base.where("status", "=", query.status);
  if (query.search) {
    base = base.where(
      plan.trigram
        ? sql<boolean>`id in (select user_id from users_search where users_search match ${trigramPhrase(query.search)})`
        : containsText(USER_TEXT, query.search),
    );
  }
  return base;
}

/**
 * How many users match, up to USER_COUNT_CAP + 1. Unfiltered, the trigger-kept total (migration 029)
 * rather than a count of every row (100k users: a fifth of a first page's cost).
 */
async function countUsers(
  db: Kysely<Database>,
  base: ReturnType<typeof filteredUsers>,
  query: UserFilters,
  plan: SearchPlan,
) {
  const otherFilters = Boolean(query.role || query.status);
  // A search alone: the trigram index counted its matches already.
  if (plan.matches !== undefined && !otherFilters) return { count: plan.matches };
  if (!query.search && !otherFilters) {
    return db
      .selectFrom("platform_counters")
      .select("value as count")
      .where("name", "=", "users")
      .executeTakeFirstOrThrow();
  }
  return db
    .selectFrom(
      base
        .select("id")
        .limit(USER_COUNT_CAP + 1)
        .as("counted"),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
}

/** Users newest first, filtered; one page and the total, counted up to USER_COUNT_CAP (then `capped`). */
export async function listUsers(db: Kysely<Database>, query: UserListQuery) {
  const plan = await searchPlan(db, query.search);
  const base = filteredUsers(db, query, plan);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    countUsers(db, base, query, plan),
  ]);
  const total = Number(count.count);
  return { rows, total: Math.min(total, USER_COUNT_CAP), capped: total > USER_COUNT_CAP };
}

/** Every filtered user, newest first, a batch at a time (keyset paging, so each batch is an index range). */
export async function* usersInBatches(db: Kysely<Database>, query: UserFilters, size = 1000) {
  const plan = await searchPlan(db, query.search);
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let next = filteredUsers(db, query, plan).selectAll();
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
