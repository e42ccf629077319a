import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Role } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { hashPassword } from "../../src/auth/passwords.js";
import { newId, nowIso } from "../../src/db/ids.js";
import type { Database } from "../../src/db/types.js";
import type { UserRow } from "../../src/modules/users/repo.js";

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const DEFAULT_PASSWORD = "Passw0rd!";

export async function makeUser(
  db: Kysely<Database>,
  overrides: Partial<UserRow> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    name: "Test User",
    email: `user-${unique()}@example.test`,
    password_hash: await hashPassword(password),
    role: "learner",
    status: "active",
    credits: 0,
    email_verified: 0,
    last_login: null,
    bio: null,
    location: null,
    phone: null,
    website: null,
    avatar: null,
    sessions_valid_after: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db.insertInto("users").values(row).execute();
  return { ...row, password };
}

export async function makeCategory(db: Kysely<Database>, name = `Category ${unique()}`) {
  const row = { id: newId(), name, created_at: nowIso() };
  await db.insertInto("categories").values(row).execute();
  return row;
}

export async function makeCourse(
  db: Kysely<Database>,
  overrides: Partial<Database["courses"]> = {},
): Promise<Database["courses"]> {
  const now = nowIso();
  const categoryId = overrides.category_id ?? (await makeCategory(db)).id;
  const instructorId =
    overrides.instructor_id ?? (await makeUser(db, { role: "instructor", name: "Course Teacher" })).id;
  const row: Database["courses"] = {
    id: newId(),
    title: `Course ${unique()}`,
    course_code: `C-${unique()}`,
    description: "A course used by a test.",
    short_description: "A course used by a test.",
    category_id: categoryId,
    instructor_id: instructorId,
    price_credits: 0,
    difficulty: "beginner",
    duration: 60,
    language: "en",
    tags: "[]",
    requirements: "[]",
    learning_outcomes: "[]",
    thumbnail: null,
    published: 1,
    enrollment_count: 0,
    completion_count: 0,
    completion_requires_assessments: 1,
    rating_count: 0,
    rating_sum: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("courses").values(row).execute();
  return row;
}

/** Signs in through the api and returns the tokens. */
export async function login(app: FastifyInstance, user: { email: string; password: string }) {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: user });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const { token, refreshToken } = response.json().data as { token: string; refreshToken: string };
  return { token, refreshToken, auth: { authorization: `Bearer ${token}` } };
}

export async function makeSignedInUser(app: FastifyInstance, db: Kysely<Database>, role: Role = "learner") {
  const user = await makeUser(db, { role });
  return { user, ...(await login(app, user)) };
}

/** A session of `course_id` (a new course when absent), by default tomorrow for an hour, with no meeting yet. */
export async function makeSession(
  db: Kysely<Database>,
  overrides: Partial<Database["sessions"]> = {},
): Promise<Database["sessions"]> {
  const courseId = overrides.course_id ?? (await makeCourse(db)).id;
  const id = overrides.id ?? newId();
  const scheduledAt = overrides.scheduled_at ?? new Date(Date.now() + 24 * 3600_000).toISOString();
  const duration = overrides.duration ?? 60;
  const now = nowIso();
  const row: Database["sessions"] = {
    id,
    course_id: courseId,
    title: `Session ${unique()}`,
    description: "A session used by a test.",
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
    ical_uid: `session-${id}@lms.test`,
    ical_sequence: 0,
    started_at: null,
    ended_at: null,
    created_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("sessions").values(row).execute();
  return row;
}

/** A signed-in learner enrolled in the course. */
export async function makeEnrolledLearner(app: FastifyInstance, db: Kysely<Database>, courseId: string) {
  const learner = await makeSignedInUser(app, db, "learner");
  await db
    .insertInto("enrollments")
    .values({
      id: newId(),
      user_id: learner.user.id,
      course_id: courseId,
      status: "active",
      progress: 0,
      rating: null,
      enrolled_at: nowIso(),
      completed_at: null,
    })
    .execute();
  return learner;
}

/** A recording of `session_id` (a new session when absent), hosted at the provider unless a storage key is given. */
export async function makeRecording(
  db: Kysely<Database>,
  overrides: Partial<Database["recordings"]> = {},
): Promise<Database["recordings"]> {
  const sessionId = overrides.session_id ?? (await makeSession(db)).id;
  const now = nowIso();
  const row: Database["recordings"] = {
    id: newId(),
    session_id: sessionId,
    title: `Recording ${unique()}`,
    storage_key: null,
    provider_url: "https://video.example.test/playback/1",
    provider_recording_id: null,
    file_name: null,
    mime_type: null,
    size: 0,
    duration_seconds: 125,
    view_count: 0,
    recorded_at: now,
    created_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("recordings").values(row).execute();
  return row;
}

/** A module of `course_id` (a new course when absent). */
export async function makeModule(
  db: Kysely<Database>,
  overrides: Partial<Database["modules"]> = {},
): Promise<Database["modules"]> {
  const courseId = overrides.course_id ?? (await makeCourse(db)).id;
  const now = nowIso();
  const row: Database["modules"] = {
    id: newId(),
    course_id: courseId,
    title: `Module ${unique()}`,
    description: "A module used by a test.",
    sort_order: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("modules").values(row).execute();
  return row;
}

/** A published lesson of `module_id` (a new module, and course, when absent). */
export async function makeLesson(
  db: Kysely<Database>,
  overrides: Partial<Database["lessons"]> = {},
): Promise<Database["lessons"]> {
  const module = overrides.module_id
    ? await db.selectFrom("modules").selectAll().where("id", "=", overrides.module_id).executeTakeFirstOrThrow()
    : await makeModule(db, overrides.course_id ? { course_id: overrides.course_id } : {});
  const now = nowIso();
  const row: Database["lessons"] = {
    id: newId(),
    course_id: module.course_id,
    module_id: module.id,
    title: `Lesson ${unique()}`,
    description: "A lesson used by a test.",
    body: "",
    sort_order: 1,
    is_published: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("lessons").values(row).execute();
  return row;
}

/**
 * A file of `lesson_id` (a new lesson, module and course when absent). With `storageRoot` (the
 * app's DATA_DIR/uploads) its `content` is written where the storage will look for it.
 */
export async function makeLessonFile(
  db: Kysely<Database>,
  overrides: Partial<Database["lesson_files"]> & { content?: Buffer; storageRoot?: string } = {},
): Promise<Database["lesson_files"]> {
  const { content = Buffer.from("%PDF-1.4\n%%EOF\n"), storageRoot, ...fields } = overrides;
  const lesson = fields.lesson_id
    ? await db.selectFrom("lessons").selectAll().where("id", "=", fields.lesson_id).executeTakeFirstOrThrow()
    : await makeLesson(db, fields.course_id ? { course_id: fields.course_id } : {});
  const id = newId();
  const row: Database["lesson_files"] = {
    id,
    course_id: lesson.course_id,
    lesson_id: lesson.id,
    storage_key: `lessons/${id}`,
    name: "notes.pdf",
    mime: "application/pdf",
    kind: "resource",
    size: content.length,
    created_at: nowIso(),
    ...fields,
  };
  if (storageRoot) {
    await mkdir(path.join(storageRoot, path.dirname(row.storage_key)), { recursive: true });
    await writeFile(path.join(storageRoot, row.storage_key), content);
  }
  await db.insertInto("lesson_files").values(row).execute();
  return row;
}

/** An enrollment of `user_id` (a new learner when absent) in `course_id`, counted on the course. */
export async function makeEnrollment(
  db: Kysely<Database>,
  overrides: Partial<Database["enrollments"]> & { course_id: string },
): Promise<Database["enrollments"]> {
  const userId = overrides.user_id ?? (await makeUser(db)).id;
  const row: Database["enrollments"] = {
    id: newId(),
    user_id: userId,
    status: "active",
    progress: 0,
    rating: null,
    enrolled_at: nowIso(),
    completed_at: null,
    last_accessed_at: null,
    last_lesson_id: null,
    ...overrides,
  };
  await db.insertInto("enrollments").values(row).execute();
  await db
    .updateTable("courses")
    .set((eb) => ({
      enrollment_count: eb("enrollment_count", "+", 1),
      completion_count: eb("completion_count", "+", row.status === "completed" ? 1 : 0),
      rating_count: eb("rating_count", "+", row.rating === null ? 0 : 1),
      rating_sum: eb("rating_sum", "+", row.rating ?? 0),
    }))
    .where("id", "=", row.course_id)
    .execute();
  return row;
}

/** A material of `course_id` (a new course when absent): a link unless a storage key is given. */
export async function makeMaterial(
  db: Kysely<Database>,
  overrides: Partial<Database["materials"]> = {},
): Promise<Database["materials"]> {
  const courseId = overrides.course_id ?? (await makeCourse(db)).id;
  const now = nowIso();
  const row: Database["materials"] = {
    id: newId(),
    course_id: courseId,
    title: `Material ${unique()}`,
    description: "A material used by a test.",
    type: "link",
    storage_key: null,
    url: "https://example.test/reading",
    file_name: null,
    mime: null,
    size: null,
    downloads: 0,
    uploaded_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("materials").values(row).execute();
  return row;
}

/** An announcement of `course_id` (a new course when absent). */
export async function makeAnnouncement(
  db: Kysely<Database>,
  overrides: Partial<Database["announcements"]> = {},
): Promise<Database["announcements"]> {
  const courseId = overrides.course_id ?? (await makeCourse(db)).id;
  const now = nowIso();
  const row: Database["announcements"] = {
    id: newId(),
    course_id: courseId,
    author_id: null,
    title: `Announcement ${unique()}`,
    description: "An announcement used by a test.",
    content: "Read chapter one before the session.",
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("announcements").values(row).execute();
  return row;
}
