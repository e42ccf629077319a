import { COURSE_COPY_MESSAGES, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { referencedKeys } from "../src/storage/file-references.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeAnnouncement,
  makeCourse,
  makeLesson,
  makeLessonFile,
  makeMaterial,
  makeModule,
  makeSignedInUser,
} from "./support/factories.js";
import { multipart, PDF, PNG } from "./support/multipart.js";
import { courseWithEveryFile, isStored, uploadsOf } from "./support/stored-files.js";

let t: TestContext;
type Auth = Record<string, string>;
type Seed = Awaited<ReturnType<typeof courseWithEveryFile>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const copyUrl = (courseId: string, area = "instructor") => `/api/${area}/courses/${courseId}/copy`;
const copy = (courseId: string, auth: Auth, payload: unknown, area = "instructor") =>
  t.app.inject({ method: "POST", url: copyUrl(courseId, area), headers: auth, payload: payload as object });
const get = (url: string, auth: Auth) => t.app.inject({ method: "GET", url, headers: auth });
const countCourses = async () =>
  Number(
    (
      await t.db
        .selectFrom("courses")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What the source course holds besides courseWithEveryFile's files: order, bodies, dates, settings, people. */
async function seedSource(): Promise<Seed & { dueDate: string; availableFrom: string; assessmentId: string }> {
  const seed = await courseWithEveryFile(t.app, t.db);
  const { course, instructor, learner } = seed;
  // A second module before the first, with two lessons in a chosen order and a rich-text body.
  const first = await makeModule(t.db, { course_id: course.id, title: "Week 0", sort_order: 0 });
  await makeLesson(t.db, { module_id: first.id, title: "Second lesson", sort_order: 2, body: "<p>Two</p>" });
  await makeLesson(t.db, { module_id: first.id, title: "First lesson", sort_order: 1, body: "<p><b>One</b></p>" });
  await makeMaterial(t.db, { course_id: course.id, title: "Reading list", url: "https://example.test/list" });
  const picture = multipart({}, { field: "file", filename: "cover.png", content: PNG });
  const pictured = await t.app.inject({
    method: "PUT",
    url: `/api/instructor/courses/${course.id}/picture`,
    headers: { ...instructor.auth, ...picture.headers },
    payload: picture.payload,
  });
  expect(pictured.statusCode).toBe(200);
  const dueDate = "2026-03-10T17:00:00.000Z";
  const availableFrom = "2026-03-01T08:00:00.000Z";
  const assessment = await t.db
    .selectFrom("assessments")
    .select("id")
    .where("course_id", "=", course.id)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable("assessments")
    .set({ due_date: dueDate, available_from: availableFrom, passing_score: 60, time_limit_minutes: 45 })
    .where("id", "=", assessment.id)
    .execute();
  await t.db
    .updateTable("courses")
    .set({ completion_requires_assessments: 0, learner_messages: 1, price_credits: 5, tags: '["algebra"]' })
    .where("id", "=", course.id)
    .execute();
  await t.db.insertInto("discussion_settings").values({ course_id: course.id, post_before_view: 1 }).execute();

  // People's things: a note, a forum thread, a message, an announcement (the enrollment, attempt,
  // answer file, session and recording come from courseWithEveryFile).
  const lesson = await t.db
    .selectFrom("lessons")
    .select("id")
    .where("course_id", "=", course.id)
    .where("title", "=", "L")
    .executeTakeFirstOrThrow();
  const note = await t.app.inject({
    method: "PUT",
    url: `/api/courses/${course.id}/lessons/${lesson.id}/notes`,
    headers: learner.auth,
    payload: { content: "My private note", baseUpdatedAt: null },
  });
  expect(note.statusCode).toBe(200);
  const thread = await t.app.inject({
    method: "POST",
    url: `/api/courses/${course.id}/discussions`,
    headers: learner.auth,
    payload: { title: "A question", body: "How does this work?" },
  });
  expect(thread.statusCode).toBe(201);
  const message = await t.app.inject({
    method: "POST",
    url: "/api/messages/conversations",
    headers: learner.auth,
    payload: { courseId: course.id, recipientIds: [instructor.user.id], subject: "Hello", body: "A message" },
  });
  expect(message.statusCode).toBe(201);
  await makeAnnouncement(t.db, { course_id: course.id });
  return { ...seed, dueDate, availableFrom, assessmentId: assessment.id };
}

const rowsOf = (table: "modules" | "lessons" | "lesson_files" | "materials" | "assessments", courseId: string) =>
  t.db.selectFrom(table).selectAll().where("course_id", "=", courseId).execute();

async function contentOf(courseId: string) {
  const modules = await t.db
    .selectFrom("modules")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("sort_order")
    .execute();
  const lessons = await t.db
    .selectFrom("lessons")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("sort_order")
    .orderBy("title")
    .execute();
  const moduleTitle = new Map(modules.map((m) => [m.id, m.title]));
  const lessonTitle = new Map(lessons.map((l) => [l.id, l.title]));
  const files = await rowsOf("lesson_files", courseId);
  const materials = await rowsOf("materials", courseId);
  const assessments = await rowsOf("assessments", courseId);
  const questions = await t.db
    .selectFrom("assessment_questions")
    .innerJoin("assessments", "assessments.id", "assessment_questions.assessment_id")
    .selectAll("assessment_questions")
    .where("assessments.course_id", "=", courseId)
    .orderBy("position")
    .execute();
  return {
    ids: [...modules, ...lessons, ...files, ...materials, ...assessments, ...questions].map((row) => row.id),
    modules: modules.map((m) => [m.title, m.description, m.sort_order]),
    lessons: lessons.map((l) => [moduleTitle.get(l.module_id), l.title, l.body, l.sort_order, l.is_published]),
    files: files.map((f) => [lessonTitle.get(f.lesson_id), f.name, f.mime, f.kind, f.size, f.storage_key]),
    materials: materials
      .map((m) => [m.title, m.type, m.url, m.file_name, m.storage_key])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    assessments: assessments.map(
      ({
        id: _i,
        course_id: _c,
        created_at: _ca,
        updated_at: _u,
        created_by: _b,
        due_date: _d,
        available_from: _f,
        ...settings
      }) => settings,
    ),
    questions: questions.map((q) => [q.position, q.type, q.text, q.points, q.data, q.image_key, q.image_alt]),
  };
}

/** Rows about people that point at the course, table by table. */
async function personalRows(courseId: string) {
  const byCourse = async (
    table:
      | "enrollments"
      | "lesson_progress"
      | "lesson_notes"
      | "sessions"
      | "announcements"
      | "discussion_threads"
      | "conversations"
      | "certificates"
      | "learner_scores"
      | "credit_requests"
      | "course_reviews",
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("course_id", "=", courseId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const viaAssessments = async (table: "assessment_attempts" | "assessment_overrides") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .innerJoin("assessments", "assessments.id", `${table}.assessment_id`)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("assessments.course_id", "=", courseId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    enrollments: await byCourse("enrollments"),
    progress: await byCourse("lesson_progress"),
    notes: await byCourse("lesson_notes"),
    sessions: await byCourse("sessions"),
    announcements: await byCourse("announcements"),
    discussions: await byCourse("discussion_threads"),
    messages: await byCourse("conversations"),
    certificates: await byCourse("certificates"),
    scores: await byCourse("learner_scores"),
    creditRequests: await byCourse("credit_requests"),
    reviews: await byCourse("course_reviews"),
    attempts: await viaAssessments("assessment_attempts"),
    overrides: await viaAssessments("assessment_overrides"),
  };
}

/** Every stored file the copy shows its managers, read back over HTTP through its own signed links. */
async function readCopyFiles(courseId: string, auth: Auth) {
  const detail = (await get(`/api/instructor/courses/${courseId}`, auth)).json().data.course;
  const fileUrls: string[] = detail.modules.flatMap((m: { lessons: { files: { url: string }[] }[] }) =>
    m.lessons.flatMap((l) => l.files.map((f) => f.url)),
  );
  const materials = (await get(`/api/instructor/courses/${courseId}/materials`, auth)).json().data.materials as {
    url: string;
    fileName: string | null;
  }[];
  const assessments = await rowsOf("assessments", courseId);
  const imageUrls: string[] = [];
  for (const assessment of assessments) {
    const body = (await get(`/api/instructor/assessments/${assessment.id}`, auth)).json();
    for (const question of body.data.assessment.questions) if (question.image) imageUrls.push(question.image.url);
  }
  const read = async (url: string) => (await t.app.inject({ method: "GET", url })).rawPayload;
  const picture = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/picture` });
  return {
    lessonFiles: await Promise.all(fileUrls.map(read)),
    materialFiles: await Promise.all(materials.filter((m) => m.fileName).map((m) => read(m.url))),
    images: await Promise.all(imageUrls.map(read)),
    picture: picture.statusCode === 200 ? picture.rawPayload : null,
  };
}

describe("copying a course to next term", () => {
  it("copies structure, lessons, files, materials, assessments, picture and settings with new ids", async () => {
    const seed = await seedSource();
    const { course, instructor } = seed;
    const response = await copy(course.id, instructor.auth, { title: "Algebra, spring term", dateOffsetDays: 7 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(COURSE_COPY_MESSAGES.copied.text);
    const copied = body.data.course;
    expect(copied._id).not.toBe(course.id);
    expect(copied).toMatchObject({
      title: "Algebra, spring term",
      published: false,
      instructorId: { _id: instructor.user.id },
      priceCredits: 5,
      tags: ["algebra"],
      description: course.description,
      stats: { enrollments: 0, completions: 0, totalRatings: 0 },
    });
    expect(copied.courseCode).not.toBe(course.course_code);
    expect(body.data.copied).toEqual({ modules: 2, lessons: 3, files: 1, materials: 2, assessments: 1, questions: 1 });

    const before = await contentOf(course.id);
    const after = await contentOf(copied._id);
    expect(after.modules).toEqual(before.modules);
    expect(after.lessons).toEqual(before.lessons);
    expect(after.lessons.filter((l) => l[0] === "Week 0").map((l) => l[1])).toEqual(["First lesson", "Second lesson"]);
    expect(after.files).toEqual(before.files);
    expect(after.materials).toEqual(before.materials);
    expect(after.assessments).toEqual(before.assessments);
    expect(after.questions).toEqual(before.questions);
    expect(after.questions[0][5]).toMatch(/^question-images\//);
    expect(after.ids.filter((id) => before.ids.includes(id))).toEqual([]);

    const row = await t.db.selectFrom("courses").selectAll().where("id", "=", copied._id).executeTakeFirstOrThrow();
    expect(row.completion_requires_assessments).toBe(0);
    expect(row.learner_messages).toBe(1);
    expect(copied.thumbnail).toMatch(new RegExp(`^/api/courses/${copied._id}/picture\\?v=\\d+$`));
    const forum = await t.db
      .selectFrom("discussion_settings")
      .selectAll()
      .where("course_id", "=", copied._id)
      .executeTakeFirst();
    expect(forum?.post_before_view).toBe(1);
  });

  it("shifts availability and due dates by the offset, forwards or back", async () => {
    const seed = await seedSource();
    const shiftedBy = async (days: number) => {
      const response = await copy(seed.course.id, seed.instructor.auth, { dateOffsetDays: days });
      expect(response.statusCode).toBe(201);
      const [assessment] = await rowsOf("assessments", response.json().data.course._id);
      return [Date.parse(assessment.available_from ?? ""), Date.parse(assessment.due_date ?? "")];
    };
    const due = Date.parse(seed.dueDate);
    const from = Date.parse(seed.availableFrom);
    expect(await shiftedBy(182)).toEqual([from + 182 * DAY, due + 182 * DAY]);
    expect(await shiftedBy(-3)).toEqual([from - 3 * DAY, due - 3 * DAY]);
    expect(await shiftedBy(0)).toEqual([from, due]);
  });

  it("carries over nothing about people", async () => {
    const seed = await seedSource();
    const source = await personalRows(seed.course.id);
    expect(source).toMatchObject({
      enrollments: 1,
      notes: 1,
      sessions: 1,
      announcements: 1,
      discussions: 1,
      messages: 1,
      attempts: 1,
    });
    const response = await copy(seed.course.id, seed.instructor.auth, {});
    const copyId = response.json().data.course._id;
    expect(Object.values(await personalRows(copyId)).every((count) => count === 0)).toBe(true);
    const [material] = (await rowsOf("materials", copyId)).filter((m) => m.storage_key);
    expect(material.downloads).toBe(0);
    const copiedKeys = [
      ...(await rowsOf("lesson_files", copyId)).map((f) => f.storage_key),
      ...(await rowsOf("materials", copyId)).map((m) => m.storage_key),
    ];
    // The learner's answer file and the session's recording stay with the original only.
    expect(copiedKeys).not.toContain(seed.keys.answerFile);
    expect(copiedKeys).not.toContain(seed.keys.recording);
  });

  it("keeps the copy's files readable when the original deletes a file and then the whole course", async () => {
    const seed = await seedSource();
    const { course, instructor } = seed;
    const copyId = (await copy(course.id, instructor.auth, { dateOffsetDays: 7 })).json().data.course._id;
    const original = await readCopyFiles(copyId, instructor.auth);
    expect(original.lessonFiles.map((file) => file.equals(PDF))).toEqual([true]);
    expect(original.materialFiles.map((file) => file.equals(PDF))).toEqual([true]);
    expect(original.images.map((file) => file.equals(PNG))).toEqual([true]);
    expect(original.picture?.equals(PNG)).toBe(true);

    // The original's lesson file goes: its stored file stays, the copy still points at it.
    const [file] = await rowsOf("lesson_files", course.id);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `${seed.urls.lesson}/content/${file.id}`,
      headers: instructor.auth,
    });
    expect(removed.statusCode).toBe(200);
    const uploads = uploadsOf(t.dataDir);
    expect(await isStored(uploads, seed.keys.lessonFile)).toBe(true);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}`,
      headers: instructor.auth,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await readCopyFiles(copyId, instructor.auth);
    expect(after.lessonFiles.map((f) => f.equals(PDF))).toEqual([true]);
    expect(after.materialFiles.map((f) => f.equals(PDF))).toEqual([true]);
    expect(after.images.map((f) => f.equals(PNG))).toEqual([true]);
    expect(after.picture?.equals(PNG)).toBe(true);
    // The orphan sweep asks the same question: every shared key is still referenced.
    const shared = [seed.keys.lessonFile, seed.keys.material, seed.keys.questionImage];
    expect([...(await referencedKeys(t.db, shared))].sort()).toEqual([...shared].sort());
    // The original's own files (the learner's answer, the recording) went with it.
    expect(await isStored(uploads, seed.keys.answerFile)).toBe(false);

    // Deleting the copy in turn removes the files no course points at any more.
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${copyId}`,
      headers: instructor.auth,
    });
    expect(gone.statusCode).toBe(200);
    for (const key of shared) expect(await isStored(uploads, key)).toBe(false);
  });

  it("names the copy '<title> (copy)' unless given a title, and refuses bad input with a message", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, title: "Geometry" });
    const before = await countCourses();
    const refused = async (payload: unknown, message: string) => {
      const response = await copy(course.id, instructor.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused({ dateOffsetDays: "7" }, COURSE_COPY_MESSAGES.offsetWhole.text);
    await refused({ dateOffsetDays: 1.5 }, COURSE_COPY_MESSAGES.offsetWhole.text);
    await refused({ dateOffsetDays: 3651 }, COURSE_COPY_MESSAGES.offsetRange.text);
    await refused({ dateOffsetDays: -3651 }, COURSE_COPY_MESSAGES.offsetRange.text);
    await refused({ title: "   " }, MESSAGES.titleRequired.text);
    await refused({ title: "x".repeat(201) }, MESSAGES.titleTooLong.text);
    expect(await countCourses()).toBe(before);

    const named = await copy(course.id, instructor.auth, {});
    expect(named.statusCode).toBe(201);
    expect(named.json().data.course.title).toBe("Geometry (copy)");
  });

  it("stops at the course limit and leaves nothing behind", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await makeLessonFile(t.db, { course_id: course.id });
    const before = await countCourses();
    await saveSystemSettings(t.db, { maxCourses: before });
    const refused = await copy(course.id, instructor.auth, {});
    await saveSystemSettings(t.db, { maxCourses: 100_000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.courseLimitReached.text);
    expect(await countCourses()).toBe(before);
  });
});

describe("who may copy a course", () => {
  it("its instructor and admins; not another instructor, a learner or a visitor", async () => {
    const owner = await makeSignedInUser(t.app, t.db, "instructor");
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const course = await makeCourse(t.db, { instructor_id: owner.user.id });
    const before = await countCourses();

    const notYours = await copy(course.id, other.auth, {});
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(MESSAGES.notYourCourse.text);
    expect((await copy(course.id, learner.auth, {})).statusCode).toBe(403);
    expect((await copy(course.id, owner.auth, {}, "admin")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: copyUrl(course.id), payload: {} })).statusCode).toBe(401);
    const unknown = await copy("0123456789abcdef01234567", owner.auth, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound.text);
    expect(await countCourses()).toBe(before);

    // An admin's copy keeps the original's instructor, or goes to an active instructor they name.
    const kept = await copy(course.id, admin.auth, {}, "admin");
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data.course.instructorId._id).toBe(owner.user.id);
    const given = await copy(course.id, admin.auth, { instructorId: other.user.id }, "admin");
    expect(given.json().data.course.instructorId._id).toBe(other.user.id);
    const notInstructor = await copy(course.id, admin.auth, { instructorId: learner.user.id }, "admin");
    expect(notInstructor.statusCode).toBe(400);
    expect(notInstructor.json().message).toBe(MESSAGES.selectInstructor.text);
    // An instructor cannot give their copy away: it is theirs.
    const own = await copy(course.id, owner.auth, { instructorId: other.user.id });
    expect(own.json().data.course.instructorId._id).toBe(owner.user.id);
  });
});

describe("a course of realistic size", () => {
  it("copies 20 modules of 10 lessons with a file each in one request", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    for (let m = 0; m < 20; m++) {
      const module = await makeModule(t.db, { course_id: course.id, sort_order: m + 1 });
      for (let l = 0; l < 10; l++) {
        const lesson = await makeLesson(t.db, { module_id: module.id, sort_order: l + 1, body: "<p>Text</p>" });
        await makeLessonFile(t.db, { lesson_id: lesson.id });
      }
    }
    const started = performance.now();
    const response = await copy(course.id, instructor.auth, { dateOffsetDays: 7 });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(201);
    expect(response.json().data.copied).toMatchObject({ modules: 20, lessons: 200, files: 200 });
    console.info(`copied 20 modules × 10 lessons with files in ${Math.round(elapsed)} ms`);
  });
});
