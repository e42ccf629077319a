import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeModule, makeSignedInUser } from "./support/factories.js";
import { TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";
import { multipart } from "./support/multipart.js";
import { launchPage, manifest12, zipWith } from "./support/scorm-packages.js";

// The gradebook's first page and search read from what is stored (migration 064 and 060): the
// course's shared part serialised on its row, the page's stored rows, the search from the stored
// search text (061). Every write on what they are built from is seen by the next read, and the
// answer is byte for byte the one computed afresh.

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Book {
  assessments: { _id: string; title: string }[];
  packages: { _id: string; title: string }[];
  rows: { learner: { _id: string; name: string; email: string }; packageScores: (number | null)[]; grade: number }[];
  pagination: { total: number; page: number; limit: number };
}

async function gradebookText(courseId: string, query = "") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/courses/${courseId}/gradebook${query}`,
    headers: instructor.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const sharedPartOf = (courseId: string) =>
  t.db
    .selectFrom("gradebook_courses")
    .select(["assessments_json", "packages_json"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();

/**
 * The gradebook read twice (the second from what the first stored: its shared part checked to be
 * stored), then once more with nothing stored: all three the same text.
 */
async function readChecked(courseId: string, query = ""): Promise<Book> {
  const first = await gradebookText(courseId, query);
  const stored = await gradebookText(courseId, query);
  expect(stored).toBe(first);
  const data = JSON.parse(stored).data as Book;
  expect(await sharedPartOf(courseId)).toEqual({
    assessments_json: JSON.stringify(data.assessments),
    packages_json: JSON.stringify(data.packages),
  });
  await t.db.deleteFrom("gradebook_rows").execute();
  await t.db.deleteFrom("gradebook_courses").execute();
  expect(await gradebookText(courseId, query)).toBe(stored);
  return data;
}

async function send(auth: Auth, url: string, method: "PUT" | "POST" | "DELETE", payload?: object) {
  const response = await t.app.inject({ method, url, headers: auth, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** A SCORM package in a new lesson `title` of a new module at `order`. */
async function packageIn(courseId: string, title: string, order: number) {
  const module = await makeModule(t.db, { course_id: courseId, sort_order: order });
  const lesson = await makeLesson(t.db, { module_id: module.id, title });
  const zip = await zipWith([
    { name: "imsmanifest.xml", data: manifest12() },
    { name: "index.html", data: launchPage },
  ]);
  const body = multipart({}, { field: "package", filename: "package.zip", content: zip });
  const area = `/api/instructor/courses/${courseId}/modules/${lesson.module_id}/lessons/${lesson.id}`;
  const response = await t.app.inject({
    method: "POST",
    url: `${area}/scorm`,
    headers: { ...instructor.auth, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { lesson, area, learnerUrl: `/api/courses/${courseId}/lessons/${lesson.id}/scorm` };
}

describe("the gradebook's stored shared part", () => {
  it("is stored by a read and cleared by every write on its columns, packages, lessons and modules", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const first = await createAssessment(t.app, course.id, instructor.auth, {
      title: "First",
      questions: TWO_TRUE_FALSE,
    });
    const scorm = await packageIn(course.id, "Safety drill", 1);
    let book = await readChecked(course.id);
    expect(book.assessments.map((a) => a.title)).toEqual(["First"]);
    expect(book.packages.map((p) => p.title)).toEqual(["Safety drill"]);

    // A column renamed (a title: no stored row changes), added, deleted.
    const firstUrl = `/api/instructor/courses/${course.id}/assessments/${first._id}`;
    await send(instructor.auth, firstUrl, "PUT", { title: "Renamed", questions: TWO_TRUE_FALSE, published: true });
    expect((await readChecked(course.id)).assessments.map((a) => a.title)).toEqual(["Renamed"]);
    const second = await createAssessment(t.app, course.id, instructor.auth, {
      title: "Second",
      questions: TWO_TRUE_FALSE,
    });
    expect((await readChecked(course.id)).assessments.map((a) => a.title)).toEqual(["Renamed", "Second"]);
    await send(instructor.auth, `/api/instructor/courses/${course.id}/assessments/${second._id}`, "DELETE");
    expect((await readChecked(course.id)).assessments.map((a) => a.title)).toEqual(["Renamed"]);

    // A package's lesson renamed; a second package; the modules reordered; a lesson unpublished.
    await send(instructor.auth, scorm.area, "PUT", { title: "Fire drill" });
    expect((await readChecked(course.id)).packages.map((p) => p.title)).toEqual(["Fire drill"]);
    const later = await packageIn(course.id, "First aid", 2);
    expect((await readChecked(course.id)).packages.map((p) => p.title)).toEqual(["Fire drill", "First aid"]);
    await send(instructor.auth, `/api/instructor/courses/${course.id}/modules/order`, "PUT", {
      modules: [
        { _id: later.lesson.module_id, lessonIds: [later.lesson.id] },
        { _id: scorm.lesson.module_id, lessonIds: [scorm.lesson.id] },
      ],
    });
    expect((await readChecked(course.id)).packages.map((p) => p.title)).toEqual(["First aid", "Fire drill"]);
    await send(instructor.auth, later.area, "PUT", { isPublished: false });
    expect((await readChecked(course.id)).packages.map((p) => p.title)).toEqual(["Fire drill"]);

    // A package score and a submitted quiz: per learner, seen with the stored shared part.
    await send(learner.auth, `${scorm.learnerUrl}/cmi`, "PUT", { score: { scaled: 0.5 } });
    await takeQuiz(t.app, first._id, learner.auth, ["Six points"]);
    book = await readChecked(course.id);
    expect(book.rows[0].packageScores).toEqual([50]);
    expect(book.rows[0].grade).toBe(60);

    // The lesson deleted: its package with it.
    await send(instructor.auth, scorm.area, "DELETE");
    expect((await readChecked(course.id)).packages).toEqual([]);
  });

  it("answers a stranger 403 and an unknown course 404 with the shared part stored", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await makeEnrolledLearner(t.app, t.db, course.id);
    await createAssessment(t.app, course.id, instructor.auth, { title: "Quiz", questions: TWO_TRUE_FALSE });
    await gradebookText(course.id);
    expect((await sharedPartOf(course.id))?.assessments_json).toContain('"title":"Quiz"');
    const stranger = await makeSignedInUser(t.app, t.db, "instructor");
    const url = `/api/courses/${course.id}/gradebook`;
    const denied = await t.app.inject({ method: "GET", url, headers: stranger.auth });
    expect(denied.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/courses/aaaaaaaaaaaaaaaaaaaaaaaa/gradebook",
      headers: instructor.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the gradebook search", () => {
  it("reads the stored search text: page and total of the matches in enrollment order", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await createAssessment(t.app, course.id, instructor.auth, { title: "Quiz", questions: TWO_TRUE_FALSE });
    const learners: Awaited<ReturnType<typeof makeEnrolledLearner>>[] = [];
    const names = ["Even Ann", "Odd Bob", "Even Cy", "Odd Dan", "Even Eve", "Odd Fay", "Even Gus"];
    for (const name of names) {
      const learner = await makeEnrolledLearner(t.app, t.db, course.id);
      await send(learner.auth, "/api/users/me", "PUT", { name });
      learners.push(learner);
    }
    const evens = [0, 2, 4, 6].map((i) => learners[i].user.id);
    const search = async (query: string) => {
      const book = await readChecked(course.id, query);
      return { ids: book.rows.map((r) => r.learner._id), total: book.pagination.total };
    };
    expect(await search("?search=EVEN")).toEqual({ ids: evens, total: 4 });
    expect(await search("?search=even&limit=2&page=2")).toEqual({ ids: evens.slice(2), total: 4 });
    expect(await search("?search=even&limit=2&page=3")).toEqual({ ids: [], total: 4 });
    expect(await search("?search=nobody")).toEqual({ ids: [], total: 0 });
    expect(await search("?search=100%25")).toEqual({ ids: [], total: 0 });

    // What the search tests is the stored text: a learner matches what their row of 061 holds.
    await t.db
      .updateTable("student_sort_keys")
      .set({ search_text: "stored zebra" })
      .where("user_id", "=", learners[1].user.id)
      .execute();
    expect(await search("?search=zebra")).toEqual({ ids: [learners[1].user.id], total: 1 });

    // A rename, an enrolment, a removal: the next search sees each.
    await send(learners[3].auth, "/api/users/me", "PUT", { name: "Even Now" });
    expect(await search("?search=even")).toEqual({
      ids: [...evens.slice(0, 2), learners[3].user.id, ...evens.slice(2)],
      total: 5,
    });
    const joining = await makeEnrolledLearner(t.app, t.db, course.id);
    await send(joining.auth, "/api/users/me", "PUT", { name: "Even Later" });
    expect((await search("?search=even")).ids.at(-1)).toBe(joining.user.id);
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    await send(admin.auth, `/api/admin/courses/${course.id}/enrollments/${learners[0].user.id}`, "DELETE");
    expect((await search("?search=even")).total).toBe(5);
    expect((await search("?search=even")).ids).not.toContain(learners[0].user.id);

    // By e-mail, and a grade seen in the searched row.
    const email = learners[5].user.email;
    await takeQuiz(
      t.app,
      (
        await t.db
          .selectFrom("assessments")
          .select("id as _id")
          .where("course_id", "=", course.id)
          .executeTakeFirstOrThrow()
      )._id,
      learners[5].auth,
      ["Six points"],
    );
    const byEmail = await readChecked(course.id, `?search=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.rows.map((r) => [r.learner._id, r.grade])).toEqual([[learners[5].user.id, 60]]);
  });
});
