import { ACTIVITY_COUNT_CAP, type ActivityFilter, type ActivityType, type Role } from "@lms/contract";
import { type Kysely, PostgresAdapter, type Selectable } from "kysely";
import { compiledOnce, keyedCompiledOnce } from "../../db/compiled-once.js";
import { newId, nowIso } from "../../db/ids.js";
import { pageSizeLiteral } from "../../db/page-size.js";
import { containsText } from "../../db/text-search.js";
import type { ActivitiesTable, Database } from "../../db/types.js";

export type ActivityRow = Selectable<ActivitiesTable>;

export interface NewActivity {
  userId: string | null;
  type: ActivityType;
  title: string;
  description?: string;
  courseId?: string;
  metadata?: Record<string, unknown>;
  ip?: string;
  /** When it happened, if not now (entries written later in a batch keep their own time). */
  createdAt?: string;
}

export async function logActivity(db: Kysely<Database>, activity: NewActivity): Promise<void> {
  await logActivities(db, [activity]);
}

/**
 * Several entries in one statement (e.g. a batch of enrollments). The user's name, e-mail and role
 * and the course's title and code are copied in by subqueries of that same insert, so a write stays
 * one statement; the daily rollups follow by trigger (migration 032).
 */
export async function logActivities(db: Kysely<Database>, activities: NewActivity[]): Promise<void> {
  if (activities.length === 0) return;
  const createdAt = nowIso();
  const user = (id: string | null, column: "name" | "email" | "role") =>
    id ? db.selectFrom("users").select(column).where("id", "=", id) : null;
  const course = (id: string | undefined, column: "title" | "course_code") =>
    id ? db.selectFrom("courses").select(column).where("id", "=", id) : null;
  await db
    .insertInto("activities")
    .values(
      activities.map((activity) => ({
        id: newId(),
        user_id: activity.userId,
        type: activity.type,
        title: activity.title,
        description: activity.description ?? null,
        course_id: activity.courseId ?? null,
        metadata: activity.metadata ? JSON.stringify(activity.metadata) : null,
        ip: activity.ip ?? null,
        user_name: user(activity.userId, "name"),
        user_email: user(activity.userId, "email"),
        user_role: user(activity.userId, "role"),
        course_title: course(activity.courseId, "title"),
        course_code: course(activity.courseId, "course_code"),
        created_at: activity.createdAt ?? createdAt,
      })),
    )
    .execute();
}

/** The filters of every activity list; `userId` pins one user (a learner's own list). */
export interface ActivityScope extends ActivityFilter {
  userId?: string;
  role?: Role;
}

const TEXT_COLUMNS = ["title", "description", "user_name", "course_title", "course_code"] as const;

/** The day after `day` (YYYY-MM-DD), so an end date includes its whole day. */
export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function filtered(db: Kysely<Database>, scope: ActivityScope) {
  let base = db.selectFrom("activities");
  if (scope.userId) base = base.where("user_id", "=", scope.userId);
  if (scope.type) base = base.where("type", "=", scope.type);
  if (scope.courseId) base = base.where("course_id", "=", scope.courseId);
  if (scope.role) base = base.where("user_role", "=", scope.role);
  // Both ends as one BETWEEN: with two comparisons SQLite's planner (no statistics) reads everyone's
  // entries of the type by date instead of the user's (0.7 ms instead of 0.1 at 1M entries). The same
  // entries: a timestamp of the next day always sorts after the bare next day.
  const { startDate, endDate } = scope;
  if (startDate && endDate) base = base.where((eb) => eb.between("created_at", startDate, nextDay(endDate)));
  else if (startDate) base = base.where("created_at", ">=", startDate);
  else if (endDate) base = base.where("created_at", "<", nextDay(endDate));
  if (scope.search) base = base.where(containsText(TEXT_COLUMNS, scope.search));
  return base;
}

/** The rollup scopes of a list: one user's, one role's (at the time of writing) or everyone's. */
const listScopes = (db: Kysely<Database>, scope: ActivityScope) =>
  scope.role ? roleScopes(db, scope.role) : rollupScopes(db, scope.userId ?? null);

/** Whether the days from `startDate` to `endDate` hold every entry of the log (two index seeks). */
async function coversEveryEntry(db: Kysely<Database>, scope: ActivityScope) {
  const edge = (direction: "asc" | "desc") =>
    db.selectFrom("activities").select("created_at").orderBy("created_at", direction).limit(1).executeTakeFirst();
  const [first, last] = await Promise.all([edge("asc"), edge("desc")]);
  if (!first || !last) return true;
  return (
    (!scope.startDate || scope.startDate <= first.created_at.slice(0, 10)) &&
    (!scope.endDate || scope.endDate >= last.created_at.slice(0, 10))
  );
}

/**
 * The total of a list whose filters the stored counts keep (one user's, one role's or everyone's
 * entries, by type and whole days), read from them: all-time totals (a row per type and scope) when
 * the dates hold every entry, else the daily rollups of the range's days.
 */
async function totalFromRollups(db: Kysely<Database>, scope: ActivityScope) {
  const scopes = listScopes(db, scope);
  const allTime = (!scope.startDate && !scope.endDate) || (await coversEveryEntry(db, scope));
  const sum = allTime ? await allTimeTotal(db, scopes, scope) : await daysTotal(db, scopes, scope);
  return { total: Number(sum ?? 0), capped: false };
}

/** The all-time total of some scopes, of one type or all, compiled once per number of scopes. */
const allTimeQuery = keyedCompiledOnce((scopeCount: number, byType: boolean) =>
  compiledOnce((db, ...values: string[]) => {
    const query = db
      .selectFrom("activity_totals")
      .select((eb) => eb.fn.sum<number | string | null>("count").as("total"))
      .where("scope", "in", values.slice(0, scopeCount));
    return byType ? query.where("type", "=", values[scopeCount]) : query;
  }),
);

async function allTimeTotal(db: Kysely<Database>, scopes: string[], scope: ActivityScope) {
  const byType = scope.type !== undefined;
  const values = byType ? [...scopes, scope.type as string] : scopes;
  const [row] = await allTimeQuery(scopes.length, byType)(db, ...values);
  return row?.total ?? null;
}

async function daysTotal(db: Kysely<Database>, scopes: string[], scope: ActivityScope) {
  let query = db
    .selectFrom("activity_daily")
    .select((eb) => eb.fn.sum<number | string | null>("count").as("total"))
    .where("scope", "in", scopes);
  if (scope.type) query = query.where("type", "=", scope.type);
  if (scope.startDate) query = query.where("day", ">=", scope.startDate);
  if (scope.endDate) query = query.where("day", "<=", scope.endDate);
  return (await query.executeTakeFirstOrThrow()).total;
}

/** Counted up to ACTIVITY_COUNT_CAP entries (then `capped`): course and search filters, a user and a role together. */
async function cappedTotal(db: Kysely<Database>, scope: ActivityScope) {
  const counted = await db
    .selectFrom(
      filtered(db, scope)
        .select("id")
        .limit(ACTIVITY_COUNT_CAP + 1)
        .as("counted"),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.count);
  return { total: Math.min(total, ACTIVITY_COUNT_CAP), capped: total > ACTIVITY_COUNT_CAP };
}

/**
 * A role filter's total from the role rollups (063), answered as a count would answer it: it stops at
 * ACTIVITY_COUNT_CAP and says so, as it did when it was counted.
 */
async function roleTotal(db: Kysely<Database>, scope: ActivityScope) {
  const { total } = await totalFromRollups(db, scope);
  return { total: Math.min(total, ACTIVITY_COUNT_CAP), capped: total > ACTIVITY_COUNT_CAP };
}

function listTotal(db: Kysely<Database>, scope: ActivityScope) {
  if (scope.courseId || scope.search || (scope.role && scope.userId)) return cappedTotal(db, scope);
  return scope.role ? roleTotal(db, scope) : totalFromRollups(db, scope);
}

const pageOf = (db: Kysely<Database>, scope: ActivityScope, limit: number, offset: number | string) =>
  filtered(db, scope)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSizeLiteral(limit))
    .offset(offset as number);

/** The filters bound as they are given (dates and searches are rewritten before they are bound). */
const BOUND_FILTERS = ["userId", "type", "courseId", "role"] as const;

/** A page of the filters `present` (a mask over BOUND_FILTERS) and this size, compiled once. */
const boundPageQuery = keyedCompiledOnce((present: number, limit: number) =>
  compiledOnce((db, offset: number, ...values: string[]) => {
    const filters = BOUND_FILTERS.filter((_, i) => present & (1 << i));
    return pageOf(db, Object.fromEntries(filters.map((name, i) => [name, values[i]])), limit, offset);
  }),
);

function pageRows(db: Kysely<Database>, scope: ActivityScope, limit: number, offset: number): Promise<ActivityRow[]> {
  if (scope.search || scope.startDate || scope.endDate) return pageOf(db, scope, limit, offset).execute();
  let present = 0;
  const values: string[] = [];
  BOUND_FILTERS.forEach((name, i) => {
    const value = scope[name];
    if (value === undefined) return;
    present |= 1 << i;
    values.push(value);
  });
  return boundPageQuery(present, limit)(db, offset, ...values);
}

/** One page newest first and the total: from the rollups where they apply, else counted up to the cap. */
export async function listActivities(db: Kysely<Database>, scope: ActivityScope, page: number, limit: number) {
  const [rows, { total, capped }] = await Promise.all([
    pageRows(db, scope, limit, (page - 1) * limit),
    listTotal(db, scope),
  ]);
  return { rows, total, capped };
}

/** Every matching entry newest first, a batch at a time by keyset paging (each batch is an index range). */
export async function* activitiesInBatches(db: Kysely<Database>, scope: ActivityScope, size = 1000) {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let next = filtered(db, scope).selectAll();
    if (after) {
      const { created_at, id } = after;
      next = next.where((eb) =>
        eb.or([eb("created_at", "<", created_at), eb.and([eb("created_at", "=", created_at), eb("id", "<", id)])]),
      );
    }
    const rows: ActivityRow[] = await next.orderBy("created_at", "desc").orderBy("id", "desc").limit(size).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}

/**
 * The rollup scopes that count one user's entries, or everyone's: '*' on SQLite, '*0'..'*3' on
 * PostgreSQL (032). One scope on SQLite lets a range's counts by day come in the index's order.
 */
export function rollupScopes(db: Kysely<Database>, userId: string | null): string[] {
  if (userId) return [userId];
  return db.getExecutor().adapter instanceof PostgresAdapter ? ["*0", "*1", "*2", "*3"] : ["*"];
}

/** The rollup scopes that count the entries of actors who had `role` when they acted (063). */
export function roleScopes(db: Kysely<Database>, role: Role): string[] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return ["0", "1", "2", "3"].map((d) => `@${role}${d}`);
  return [`@${role}`];
}

/**
 * Counts per day and per type over a range of days from the rollups of `scopes`, summed by the
 * database: a year of everyone's is ~3,000 rollup rows, which cost more to hand over than to add up.
 */
export async function rangeCounts(db: Kysely<Database>, scopes: string[], startDay: string, endDay: string) {
  const range = db
    .selectFrom("activity_daily")
    .where("scope", "in", scopes)
    .where("day", ">=", startDay)
    .where("day", "<=", endDay);
  const [byDay, byType] = await Promise.all([
    range
      .select((eb) => ["day", eb.fn.sum<number | string>("count").as("count")])
      .groupBy("day")
      .execute(),
    range
      .select((eb) => ["type", eb.fn.sum<number | string>("count").as("count")])
      .groupBy("type")
      .having((eb) => eb.fn.sum("count"), ">", 0)
      .execute(),
  ]);
  return { byDay, byType };
}

export const findActivity = (db: Kysely<Database>, id: string) =>
  db.selectFrom("activities").selectAll().where("id", "=", id).executeTakeFirst();

export async function deleteActivity(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("activities").where("id", "=", id).execute();
}

/** Deletes up to `batch` entries older than `before`, oldest first; how many went. */
export async function pruneBatch(db: Kysely<Database>, before: string, batch: number): Promise<number> {
  const result = await db
    .deleteFrom("activities")
    .where(
      "id",
      "in",
      db.selectFrom("activities").select("id").where("created_at", "<", before).orderBy("created_at").limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rollup rows of days wholly before the cutoff, once their entries are gone. */
export async function pruneRollups(db: Kysely<Database>, beforeDay: string): Promise<void> {
  await db.deleteFrom("activity_daily").where("day", "<", beforeDay).where("count", "<=", 0).execute();
}
