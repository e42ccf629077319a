import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeLessonFile, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Listed {
  _id: string;
  stats: { averageProgress?: number };
}

const get = (url: string, auth: Auth) => t.app.inject({ method: "GET", url, headers: auth });

async function listed(url: string, auth: Auth): Promise<Listed[]> {
  const response = await get(url, auth);
  expect(response.statusCode).toBe(200);
  return response.json().data.courses;
}

/** A course of `instructorId` with one lesson of three files, and learners who opened 3, 1 and 0 of them. */
async function courseWithProgress(instructorId: string) {
  const course = await makeCourse(t.db, { instructor_id: instructorId });
  const lesson = await makeLesson(t.db, { course_id: course.id });
  const files = [
    await makeLessonFile(t.db, { lesson_id: lesson.id }),
    await makeLessonFile(t.db, { lesson_id: lesson.id }),
    await makeLessonFile(t.db, { lesson_id: lesson.id }),
  ];
  const open = async (auth: Auth, fileId: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: auth,
      payload: { fileId },
    });
    expect(response.statusCode).toBe(200);
  };
  const [all, one] = [
    await makeEnrolledLearner(t.app, t.db, course.id),
    await makeEnrolledLearner(t.app, t.db, course.id),
  ];
  await makeEnrolledLearner(t.app, t.db, course.id);
  for (const file of files) await open(all.auth, file.id);
  await open(one.auth, files[0].id);
  return course;
}

describe("average learner progress in the managed course lists", () => {
  it("is the mean of the learners' real progress (100, 33 and 0 -> 44), the detail's figure", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await courseWithProgress(teacher.user.id);
    const empty = await makeCourse(t.db, { instructor_id: teacher.user.id });

    const own = await listed("/api/instructor/courses?limit=100", teacher.auth);
    expect(own.map((c) => c._id).sort()).toEqual([course.id, empty.id].sort());
    expect(own.find((c) => c._id === course.id)?.stats.averageProgress).toBe(44);
    expect(own.find((c) => c._id === empty.id)?.stats.averageProgress).toBe(0);

    const detail = await get(`/api/instructor/courses/${course.id}`, teacher.auth);
    expect(detail.json().data.course.stats.averageProgress).toBe(44);
  });

  it("gives admins the same figure for every course of a page, and not the public catalogue", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const course = await courseWithProgress(teacher.user.id);

    const page = await listed(`/api/admin/courses?search=${encodeURIComponent(course.title)}`, admin.auth);
    expect(page.map((c) => [c._id, c.stats.averageProgress])).toEqual([[course.id, 44]]);
    const everything = await listed("/api/admin/courses?limit=100", admin.auth);
    for (const item of everything) expect(item.stats.averageProgress).toEqual(expect.any(Number));

    const catalogue = await t.app.inject({
      method: "GET",
      url: `/api/courses?search=${encodeURIComponent(course.title)}`,
    });
    expect(catalogue.json().data.courses[0].stats).not.toHaveProperty("averageProgress");
  });

  it("counts only the page's courses' own enrollments", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    await courseWithProgress(other.user.id);
    const quiet = await makeCourse(t.db, { instructor_id: teacher.user.id });
    await makeEnrolledLearner(t.app, t.db, quiet.id);
    const own = await listed("/api/instructor/courses", teacher.auth);
    expect(own.map((c) => [c._id, c.stats.averageProgress])).toEqual([[quiet.id, 0]]);
  });
});
