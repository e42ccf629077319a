import { MESSAGES, NOTE_CONTENT_MAX, NOTE_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrollment, makeLesson, makeModule, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

type Auth = { authorization: string };

const notePath = (courseId: string, lessonId: string) => `/api/courses/${courseId}/lessons/${lessonId}/notes`;

const getNote = (auth: Auth, courseId: string, lessonId: string) =>
  t.app.inject({ method: "GET", url: notePath(courseId, lessonId), headers: auth });

const putNote = (auth: Auth, courseId: string, lessonId: string, content: string, baseUpdatedAt: string | null) =>
  t.app.inject({
    method: "PUT",
    url: notePath(courseId, lessonId),
    headers: auth,
    payload: { content, baseUpdatedAt },
  });

const listNotes = (auth: Auth, courseId: string) =>
  t.app.inject({ method: "GET", url: `/api/courses/${courseId}/notes`, headers: auth });

/** A course taught by an instructor with two modules of lessons (out of insertion order), and an enrolled learner. */
async function setup() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  const second = await makeModule(t.db, { course_id: course.id, title: "Second module", sort_order: 2 });
  const first = await makeModule(t.db, { course_id: course.id, title: "First module", sort_order: 1 });
  const lessonB = await makeLesson(t.db, { module_id: first.id, title: "Lesson B", sort_order: 2 });
  const lessonA = await makeLesson(t.db, { module_id: first.id, title: "Lesson A", sort_order: 1 });
  const lessonC = await makeLesson(t.db, { module_id: second.id, title: "Lesson C", sort_order: 1 });
  const draft = await makeLesson(t.db, { module_id: second.id, title: "Draft", sort_order: 2, is_published: 0 });
  const learner = await makeSignedInUser(t.app, t.db, "learner");
  await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
  return { teacher, course, lessonA, lessonB, lessonC, draft, learner };
}

describe("lesson notes", () => {
  it("starts empty, saves, reads back and keeps one note per user and lesson", async () => {
    const { course, lessonA, learner } = await setup();
    const empty = await getNote(learner.auth, course.id, lessonA.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.note).toEqual({ lessonId: lessonA.id, content: "", updatedAt: null });

    const created = await putNote(learner.auth, course.id, lessonA.id, "First thoughts", null);
    expect(created.statusCode).toBe(200);
    const first = created.json().data.note;
    expect(first).toMatchObject({ lessonId: lessonA.id, content: "First thoughts" });
    expect(first.updatedAt).toEqual(expect.any(String));

    const edited = await putNote(learner.auth, course.id, lessonA.id, "Second thoughts", first.updatedAt);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.note.updatedAt > first.updatedAt).toBe(true);
    expect((await getNote(learner.auth, course.id, lessonA.id)).json().data.note).toEqual(edited.json().data.note);

    const rows = await t.db.selectFrom("lesson_notes").selectAll().where("user_id", "=", learner.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ course_id: course.id, lesson_id: lessonA.id, content: "Second thoughts" });
  });

  it("is readable by its author only: every other reader of the lesson gets their own note", async () => {
    const { course, lessonA, learner, teacher } = await setup();
    await putNote(learner.auth, course.id, lessonA.id, "Learner's private note", null);
    const classmate = await makeSignedInUser(t.app, t.db, "learner");
    await makeEnrollment(t.db, { course_id: course.id, user_id: classmate.user.id });
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");

    for (const other of [classmate, teacher, admin, superAdmin]) {
      const own = await getNote(other.auth, course.id, lessonA.id);
      expect(own.statusCode, other.user.role).toBe(200);
      expect(own.json().data.note, other.user.role).toEqual({ lessonId: lessonA.id, content: "", updatedAt: null });
      expect((await listNotes(other.auth, course.id)).json().data.notes, other.user.role).toEqual([]);
    }

    // The instructor keeps a note of their own, which does not touch the learner's.
    const teacherSave = await putNote(teacher.auth, course.id, lessonA.id, "Teaching reminder", null);
    expect(teacherSave.statusCode).toBe(200);
    expect((await getNote(learner.auth, course.id, lessonA.id)).json().data.note.content).toBe(
      "Learner's private note",
    );
    expect((await getNote(teacher.auth, course.id, lessonA.id)).json().data.note.content).toBe("Teaching reminder");
  });

  it("refuses notes longer than the limit with a clear message, and takes one at the limit", async () => {
    const { course, lessonA, learner } = await setup();
    const tooLong = await putNote(learner.auth, course.id, lessonA.id, "x".repeat(NOTE_CONTENT_MAX + 1), null);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      success: false,
      message: NOTE_MESSAGES.tooLong.text,
      errors: [{ path: "content", msg: NOTE_MESSAGES.tooLong.text }],
    });
    expect((await getNote(learner.auth, course.id, lessonA.id)).json().data.note.content).toBe("");

    const atLimit = await putNote(learner.auth, course.id, lessonA.id, "y".repeat(NOTE_CONTENT_MAX), null);
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().data.note.content).toHaveLength(NOTE_CONTENT_MAX);
  });

  it("answers 404 for an unknown course or lesson, a lesson of another course, and a learner's draft lesson", async () => {
    const { course, lessonA, draft, learner, teacher } = await setup();
    const unknown = "0123456789abcdef01234567";
    const elsewhere = await makeLesson(t.db);

    for (const [courseId, lessonId, message] of [
      [course.id, unknown, MESSAGES.lessonNotFound.text],
      [course.id, elsewhere.id, MESSAGES.lessonNotFound.text],
      [course.id, draft.id, MESSAGES.lessonNotFound.text],
      [unknown, lessonA.id, MESSAGES.courseNotFound.text],
    ]) {
      const read = await getNote(learner.auth, courseId, lessonId);
      expect(read.statusCode, `${courseId} ${lessonId}`).toBe(404);
      expect(read.json().message).toBe(message);
      const write = await putNote(learner.auth, courseId, lessonId, "Lost?", null);
      expect(write.statusCode).toBe(404);
    }
    expect((await listNotes(learner.auth, unknown)).statusCode).toBe(404);
    // The lesson of another course is not reached through this course even by its manager.
    expect((await putNote(teacher.auth, course.id, elsewhere.id, "x", null)).statusCode).toBe(404);
    // The course's instructor may keep notes on a draft lesson.
    expect((await putNote(teacher.auth, course.id, draft.id, "Draft note", null)).statusCode).toBe(200);
    expect(await t.db.selectFrom("lesson_notes").select("id").where("lesson_id", "=", elsewhere.id).execute()).toEqual(
      [],
    );
  });

  it("answers 403 not enrolled to a learner outside the course, and 403 to another instructor", async () => {
    const { course, lessonA } = await setup();
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    const otherTeacher = await makeSignedInUser(t.app, t.db, "instructor");
    for (const caller of [outsider, otherTeacher]) {
      const read = await getNote(caller.auth, course.id, lessonA.id);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe(MESSAGES.notEnrolled.text);
      expect((await putNote(caller.auth, course.id, lessonA.id, "Sneaky", null)).statusCode).toBe(403);
      expect((await listNotes(caller.auth, course.id)).statusCode).toBe(403);
    }
    expect(await t.db.selectFrom("lesson_notes").select("id").where("lesson_id", "=", lessonA.id).execute()).toEqual(
      [],
    );
  });

  it("refuses a save based on a stale copy with 409 and the server's current note", async () => {
    const { course, lessonA, learner } = await setup();
    const laptop = (await putNote(learner.auth, course.id, lessonA.id, "Written on the laptop", null)).json().data.note;
    // The phone saw the laptop's version and saves on it.
    const phone = await putNote(learner.auth, course.id, lessonA.id, "Edited on the phone", laptop.updatedAt);
    expect(phone.statusCode).toBe(200);
    const phoneNote = phone.json().data.note;

    // The laptop, still on its old version, saves again: refused, with the phone's copy.
    const stale = await putNote(learner.auth, course.id, lessonA.id, "Laptop edit made offline", laptop.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ success: false, message: NOTE_MESSAGES.conflict.text, data: { note: phoneNote } });
    expect((await getNote(learner.auth, course.id, lessonA.id)).json().data.note.content).toBe("Edited on the phone");

    // A device that never saw a note cannot create one over an existing note either.
    const blind = await putNote(learner.auth, course.id, lessonA.id, "Fresh device", null);
    expect(blind.statusCode).toBe(409);
    expect(blind.json().data.note).toEqual(phoneNote);

    // Nor can it delete a version it has not seen.
    const staleDelete = await putNote(learner.auth, course.id, lessonA.id, "", laptop.updatedAt);
    expect(staleDelete.statusCode).toBe(409);

    // Resolved on the current version, the merged text lands.
    const merged = await putNote(learner.auth, course.id, lessonA.id, "Both texts", phoneNote.updatedAt);
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data.note.content).toBe("Both texts");
  });

  it("answers 409 with an empty note when the note was deleted on another device", async () => {
    const { course, lessonA, learner } = await setup();
    const saved = (await putNote(learner.auth, course.id, lessonA.id, "Soon gone", null)).json().data.note;
    expect((await putNote(learner.auth, course.id, lessonA.id, "", saved.updatedAt)).statusCode).toBe(200);
    const stale = await putNote(learner.auth, course.id, lessonA.id, "Edited meanwhile", saved.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.note).toEqual({ lessonId: lessonA.id, content: "", updatedAt: null });
    // Deleting what is already deleted is no conflict.
    expect((await putNote(learner.auth, course.id, lessonA.id, "", saved.updatedAt)).statusCode).toBe(200);
  });

  it("deletes the note when saved empty", async () => {
    const { course, lessonA, learner } = await setup();
    const saved = (await putNote(learner.auth, course.id, lessonA.id, "Temporary", null)).json().data.note;
    const cleared = await putNote(learner.auth, course.id, lessonA.id, "", saved.updatedAt);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.note).toEqual({ lessonId: lessonA.id, content: "", updatedAt: null });
    expect(await t.db.selectFrom("lesson_notes").select("id").where("user_id", "=", learner.user.id).execute()).toEqual(
      [],
    );
    expect((await getNote(learner.auth, course.id, lessonA.id)).json().data.note.updatedAt).toBeNull();
    expect((await listNotes(learner.auth, course.id)).json().data.notes).toEqual([]);
  });

  it("lists the caller's notes of a course in course order with lesson and module titles", async () => {
    const { course, lessonA, lessonB, lessonC, draft, learner, teacher } = await setup();
    await putNote(learner.auth, course.id, lessonC.id, "On C", null);
    await putNote(learner.auth, course.id, lessonB.id, "On B", null);
    await putNote(learner.auth, course.id, lessonA.id, "On A", null);
    await putNote(teacher.auth, course.id, lessonA.id, "Teacher on A", null);
    // A note in another course of the same learner stays out of this list.
    const otherLesson = await makeLesson(t.db);
    await makeEnrollment(t.db, { course_id: otherLesson.course_id, user_id: learner.user.id });
    await putNote(learner.auth, otherLesson.course_id, otherLesson.id, "Elsewhere", null);

    const list = await listNotes(learner.auth, course.id);
    expect(list.statusCode).toBe(200);
    const notes = list.json().data.notes;
    expect(notes.map((n: { content: string }) => n.content)).toEqual(["On A", "On B", "On C"]);
    expect(notes[0]).toEqual({
      lessonId: lessonA.id,
      content: "On A",
      updatedAt: expect.any(String),
      lessonTitle: "Lesson A",
      moduleId: lessonA.module_id,
      moduleTitle: "First module",
    });
    expect(notes[2]).toMatchObject({ lessonTitle: "Lesson C", moduleTitle: "Second module" });

    // The instructor's list holds their own note, including one on a draft lesson they can see.
    await putNote(teacher.auth, course.id, draft.id, "Draft reminder", null);
    const teacherNotes = (await listNotes(teacher.auth, course.id)).json().data.notes;
    expect(teacherNotes.map((n: { content: string }) => n.content)).toEqual(["Teacher on A", "Draft reminder"]);
  });

  it("goes with its lesson, and with its author's account", async () => {
    const { course, lessonA, lessonB, learner, teacher } = await setup();
    await putNote(learner.auth, course.id, lessonA.id, "On A", null);
    await putNote(learner.auth, course.id, lessonB.id, "On B", null);
    await putNote(teacher.auth, course.id, lessonB.id, "Teacher on B", null);
    const notesOf = (userId: string) =>
      t.db.selectFrom("lesson_notes").select("lesson_id").where("user_id", "=", userId).execute();

    await t.db.deleteFrom("lessons").where("id", "=", lessonA.id).execute();
    expect(await notesOf(learner.user.id)).toEqual([{ lesson_id: lessonB.id }]);
    await t.db.deleteFrom("users").where("id", "=", learner.user.id).execute();
    expect(await notesOf(learner.user.id)).toEqual([]);
    expect(await notesOf(teacher.user.id)).toEqual([{ lesson_id: lessonB.id }]);
  });

  it("needs a signed-in caller and valid ids", async () => {
    const { course, lessonA, learner } = await setup();
    expect((await t.app.inject({ method: "GET", url: notePath(course.id, lessonA.id) })).statusCode).toBe(401);
    const badId = await getNote(learner.auth, course.id, "not-an-id");
    expect(badId.statusCode).toBe(400);
    const missingBase = await t.app.inject({
      method: "PUT",
      url: notePath(course.id, lessonA.id),
      headers: learner.auth,
      payload: { content: "No base" },
    });
    expect(missingBase.statusCode).toBe(400);
  });
});
