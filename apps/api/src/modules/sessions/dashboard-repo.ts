import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database, SessionsTable } from "../../db/types.js";
import { latestRecordingId } from "./repo.js";

type Db = Kysely<Database>;
type Eb = ExpressionBuilder<Database & { s: SessionsTable }, "s">;

/** Not over yet: live, or scheduled and not past its end. */
const notOver = (now: string) => (eb: Eb) =>
  eb.or([eb("s.status", "=", "live"), eb.and([eb("s.status", "=", "scheduled"), eb("s.ends_at", ">", now)])]);

/** Over: completed, or scheduled and past its end (cancelled sessions are neither). */
const over = (now: string) => (eb: Eb) =>
  eb.or([eb("s.status", "=", "completed"), eb.and([eb("s.status", "=", "scheduled"), eb("s.ends_at", "<=", now)])]);

function learnerRows(db: Db, userId: string) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .innerJoin("enrollments as e", (join) => join.onRef("e.course_id", "=", "s.course_id").on("e.user_id", "=", userId))
    .leftJoin("users as i", "i.id", "c.instructor_id")
    .select([
      "s.id",
      "s.title",
      "s.type",
      "s.course_id",
      "s.scheduled_at",
      "s.duration",
      "s.timezone",
      "s.status",
      "s.location",
      "s.ends_at",
      "s.ended_at",
      "c.title as course_title",
      "i.name as instructor_name",
    ])
    .select((eb) => [latestRecordingId(eb), attended(eb, userId).as("attended")]);
}
export type LearnerSessionRow = Awaited<ReturnType<ReturnType<typeof learnerRows>["execute"]>>[number];

const attended = (eb: Eb, userId: string) =>
  eb.exists(
    eb
      .selectFrom("session_attendance as a")
      .select("a.id")
      .whereRef("a.session_id", "=", "s.id")
      .where("a.user_id", "=", userId),
  );

/** The learner's next and latest sessions, and how many past sessions they attended. */
export async function learnerSessions(db: Db, userId: string, now: string, limits: { upcoming: number; past: number }) {
  const count = (attendedOnly: boolean) => {
    let query = db
      .selectFrom("sessions as s")
      .innerJoin("enrollments as e", (join) =>
        join.onRef("e.course_id", "=", "s.course_id").on("e.user_id", "=", userId),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(over(now));
    if (attendedOnly) query = query.where((eb) => attended(eb, userId));
    return query.executeTakeFirstOrThrow();
  };
  const [upcoming, past, total, attendedCount] = await Promise.all([
    learnerRows(db, userId).where(notOver(now)).orderBy("s.scheduled_at").limit(limits.upcoming).execute(),
    learnerRows(db, userId).where(over(now)).orderBy("s.scheduled_at", "desc").limit(limits.past).execute(),
    count(false),
    count(true),
  ]);
  return { upcoming, past, total: Number(total.n), attended: Number(attendedCount.n) };
}
