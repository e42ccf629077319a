import { Readable } from "node:stream";
import { RECORDING_MAX_BYTES } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../db/ids.js";
import type { Database, RecordingsTable, SessionsTable } from "../db/types.js";
import type { Storage } from "../storage/storage.js";
import { sampleVideo } from "./sample-files.js";

const DEMO_INSTRUCTOR = "instructor@example.com";
const DEMO_LEARNER = "learner@example.com";
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Tomorrow at 10:00 in Asia/Kolkata, the schedule dialog's default start. */
function tomorrowAtTen(): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + DAY));
  return new Date(`${day}T10:00:00+05:30`).toISOString();
}

/**
 * Live sessions for the demo instructor's first two courses, so both dashboards have data: one
 * tomorrow at 10:00, office hours later in the week, and a completed class with attendance and a
 * short recording each. Runs once, on a database that has no sessions yet.
 */
export async function seedDemoSessions(
  db: Kysely<Database>,
  deps: { storage: Storage; uidDomain: string },
): Promise<boolean> {
  if (await db.selectFrom("sessions").select("id").limit(1).executeTakeFirst()) return false;
  const instructor = await db.selectFrom("users").select("id").where("email", "=", DEMO_INSTRUCTOR).executeTakeFirst();
  if (!instructor) return false;
  // The demo learner's courses first, so the learner dashboard shows the sessions too.
  const learner = await db.selectFrom("users").select("id").where("email", "=", DEMO_LEARNER).executeTakeFirst();
  const courses = await db
    .selectFrom("courses as c")
    .leftJoin("enrollments as e", (join) =>
      join.onRef("e.course_id", "=", "c.id").on("e.user_id", "=", learner?.id ?? ""),
    )
    .select(["c.id", "c.title"])
    .where("c.instructor_id", "=", instructor.id)
    .orderBy((eb) => eb.case().when("e.id", "is not", null).then(0).else(1).end())
    .orderBy("c.course_code")
    .limit(2)
    .execute();

  const now = nowIso();
  const session = (courseId: string, fields: Partial<SessionsTable>): SessionsTable => {
    const id = newId();
    const scheduledAt = fields.scheduled_at ?? now;
    const duration = fields.duration ?? 60;
    return {
      id,
      course_id: courseId,
      title: "",
      description: "",
      scheduled_at: scheduledAt,
      ends_at: new Date(Date.parse(scheduledAt) + duration * 60_000).toISOString(),
      duration,
      timezone: "Asia/Kolkata",
      type: "live-class",
      location: "live",
      max_participants: null,
      status: "scheduled",
      provider: null,
      meeting_id: null,
      meeting_data: null,
      ical_uid: `session-${id}@${deps.uidDomain}`,
      ical_sequence: 0,
      started_at: null,
      ended_at: null,
      created_by: instructor.id,
      created_at: now,
      updated_at: now,
      ...fields,
    };
  };

  const rows = courses.flatMap((course) => {
    const past = new Date(Date.parse(tomorrowAtTen()) - 3 * DAY).toISOString();
    return [
      session(course.id, {
        title: `${course.title}: live class`,
        description: "Walkthrough of this week's module, then open questions.",
        scheduled_at: tomorrowAtTen(),
      }),
      session(course.id, {
        title: `${course.title}: office hours`,
        description: "Drop in with questions about the exercises.",
        scheduled_at: new Date(Date.parse(tomorrowAtTen()) + 3 * DAY + 6 * HOUR).toISOString(),
        duration: 45,
        type: "office-hours",
        max_participants: 20,
      }),
      session(course.id, {
        title: `${course.title}: kick-off`,
        description: "Course overview, goals and how the live sessions work.",
        scheduled_at: past,
        status: "completed",
        started_at: past,
        ended_at: new Date(Date.parse(past) + HOUR).toISOString(),
      }),
    ];
  });
  if (rows.length === 0) return false;
  const completed = rows.filter((row) => row.status === "completed");
  const learners = await db
    .selectFrom("enrollments")
    .select(["user_id", "course_id"])
    .where(
      "course_id",
      "in",
      courses.map((c) => c.id),
    )
    .orderBy("enrolled_at")
    .execute();
  const attendance = completed.flatMap((row) =>
    learners
      .filter((e) => e.course_id === row.course_id)
      .slice(0, 3)
      .map((e, i) => ({
        id: newId(),
        session_id: row.id,
        user_id: e.user_id,
        joined_at: row.scheduled_at,
        left_at: row.ended_at,
        present_since: null,
        seconds: 3600 - i * 600,
      })),
  );

  const recordings: RecordingsTable[] = [];
  for (const row of completed) {
    const video = await deps.storage.put(Readable.from([sampleVideo()]), {
      prefix: "recordings",
      maxBytes: RECORDING_MAX_BYTES,
    });
    recordings.push({
      id: newId(),
      session_id: row.id,
      title: row.title,
      storage_key: video.key,
      provider_url: null,
      provider_recording_id: null,
      file_name: "kick-off.mp4",
      mime_type: "video/mp4",
      size: video.size,
      duration_seconds: 8,
      view_count: 0,
      recorded_at: row.scheduled_at,
      created_by: instructor.id,
      created_at: now,
      updated_at: now,
    });
  }

  await db.transaction().execute(async (trx) => {
    await trx.insertInto("sessions").values(rows).execute();
    if (attendance.length) await trx.insertInto("session_attendance").values(attendance).execute();
    await trx.insertInto("recordings").values(recordings).execute();
  });
  return true;
}
