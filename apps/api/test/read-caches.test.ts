import { courseDetailResponseSchema } from "@lms/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccessTokens } from "../src/auth/access-tokens.js";
import { createReadCaches } from "../src/cache/read-caches.js";
import { compiledOnce } from "../src/db/compiled-once.js";
import { findEnrollment } from "../src/modules/enrollments/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeSignedInUser,
} from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_SECONDS: "60", AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

async function courseWithLearner() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const learner = await makeSignedInUser(t.app, t.db, "learner");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, published: 1 });
  const intro = await makeModule(t.db, { course_id: course.id, title: "Intro", sort_order: 1 });
  const lesson = await makeLesson(t.db, { module_id: intro.id, title: "Welcome" });
  const video = await makeLessonFile(t.db, { lesson_id: lesson.id, name: "a.mp4", mime: "video/mp4", kind: "video" });
  const notes = await makeLessonFile(t.db, { lesson_id: lesson.id, name: "b.pdf" });
  await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
  return { teacher, learner, course, lesson, video, notes };
}

const detailOf = async (courseId: string, auth: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const moduleTitles = async (courseId: string, auth: Record<string, string>) =>
  (await detailOf(courseId, auth)).data.course.modules.map((m: { title: string }) => m.title);

describe("read caches (course detail)", () => {
  it("serve a course's detail until a write goes through the api, which every reader sees at once", async () => {
    const { teacher, learner, course } = await courseWithLearner();
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro"]);

    // Written behind the api's back (as another process would): not seen while cached...
    await makeModule(t.db, { course_id: course.id, title: "Behind", sort_order: 3 });
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro"]);

    // ...but a write through this process clears the caches before its answer leaves.
    const created = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/modules`,
      headers: teacher.auth,
      payload: { title: "Second", order: 2 },
    });
    expect(created.statusCode).toBe(201);
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro", "Second", "Behind"]);
    expect(await moduleTitles(course.id, teacher.auth)).toEqual(["Intro", "Second", "Behind"]);
  });

  it("are left alone by a write that touches nothing cached (a learner's private note)", async () => {
    const { learner, course, lesson } = await courseWithLearner();
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro"]);
    await makeModule(t.db, { course_id: course.id, title: "Behind", sort_order: 3 });

    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/notes`,
      headers: learner.auth,
      payload: { content: "my note", baseUpdatedAt: null },
    });
    expect(saved.statusCode).toBe(200);
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro"]);
  });

  it("merge each learner's own progress into the shared content", async () => {
    const { learner, course, lesson, video } = await courseWithLearner();
    const other = await makeSignedInUser(t.app, t.db, "learner");
    await makeEnrollment(t.db, { course_id: course.id, user_id: other.user.id });
    await detailOf(course.id, learner.auth);

    const report = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: learner.auth,
      payload: { fileId: video.id, position: 95, duration: 100 },
    });
    expect(report.statusCode).toBe(200);

    const mine = (await detailOf(course.id, learner.auth)).data.course;
    const myVideo = mine.modules[0].lessons[0].files.find((f: { _id: string }) => f._id === video.id);
    expect(myVideo.progress).toMatchObject({ position: 95, duration: 100, completed: true });
    expect(mine.progress).toMatchObject({ videosCompleted: 1, totalVideos: 1, resourcesViewed: 0, totalResources: 1 });
    expect(mine.syllabus).toEqual([{ _id: lesson.id, title: "Welcome", viewed: true }]);

    const theirs = (await detailOf(course.id, other.auth)).data.course;
    expect(theirs.modules[0].lessons[0].files.every((f: { progress: unknown }) => f.progress === null)).toBe(true);
    expect(theirs.progress).toMatchObject({ videosCompleted: 0, totalVideos: 1 });
    expect(theirs.syllabus[0].viewed).toBe(false);
  });

  it("answer exactly what the detail schema allows, for learners with progress and for managers", async () => {
    const { teacher, learner, course, lesson, notes } = await courseWithLearner();
    await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: learner.auth,
      payload: { fileId: notes.id },
    });
    for (const auth of [learner.auth, teacher.auth]) {
      const answer = await detailOf(course.id, auth);
      expect(courseDetailResponseSchema.parse(answer)).toEqual(answer);
    }
  });
});

describe("compiled-once queries", () => {
  it("bind each argument to its own place, in and outside a transaction", async () => {
    const { learner, course } = await courseWithLearner();
    const otherCourse = await makeCourse(t.db);
    expect((await findEnrollment(t.db, learner.user.id, course.id))?.course_id).toBe(course.id);
    expect(await findEnrollment(t.db, course.id, learner.user.id)).toBeUndefined();
    expect(await findEnrollment(t.db, learner.user.id, otherCourse.id)).toBeUndefined();
    const inside = await t.db.transaction().execute((trx) => findEnrollment(trx, learner.user.id, course.id));
    expect(inside?.user_id).toBe(learner.user.id);
  });

  it("are built once for a database, whichever of its connections runs them", async () => {
    let builds = 0;
    const courseTitle = compiledOnce((db, id: string) => {
      builds += 1;
      return db.selectFrom("courses").select("title").where("id", "=", id);
    });
    const course = await makeCourse(t.db);
    for (let i = 0; i < 3; i++) {
      const rows = await t.db.connection().execute((conn) => courseTitle(conn, course.id));
      expect(rows).toEqual([{ title: course.title }]);
    }
    expect(builds).toBe(1);
  });
});

describe("verified access tokens", () => {
  it("are refused once expired, although verified before", async () => {
    const tokens = createAccessTokens("a-secret-that-is-long-enough-for-hs256", 1);
    const token = await tokens.sign({ sub: "user-1", role: "learner" });
    expect(await tokens.verify(token)).toEqual(expect.objectContaining({ sub: "user-1", role: "learner" }));
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toBeNull();
  });
});

describe("a read cache", () => {
  const counter = () => {
    let loads = 0;
    return { load: async () => ++loads, loads: () => loads };
  };

  it("shares one load among concurrent readers, keeps it for the TTL, and drops it on clear", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const caches = createReadCaches(1000);
    const cache = caches.create<number>();
    const c = counter();
    expect(await Promise.all([cache.get("k", c.load), cache.get("k", c.load)])).toEqual([1, 1]);
    vi.setSystemTime(Date.now() + 999);
    expect(await cache.get("k", c.load)).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    expect(await cache.get("k", c.load)).toBe(2);
    await caches.invalidate("everything");
    expect(await cache.get("k", c.load)).toBe(3);
  });

  it("drops on invalidation only the entries carrying one of its tags", async () => {
    const caches = createReadCaches(60_000);
    const cache = caches.create<number>();
    const one = counter();
    const two = counter();
    const untagged = counter();
    const read = () =>
      Promise.all([
        cache.get("one", one.load, ["courses", "course:1"]),
        cache.get("two", two.load, ["courses", "course:2"]),
        cache.get("plain", untagged.load),
      ]);
    expect(await read()).toEqual([1, 1, 1]);
    await caches.invalidate(["course:1"]);
    expect(await read()).toEqual([2, 1, 1]);
    await caches.invalidate(["courses"]);
    expect(await read()).toEqual([3, 2, 1]);
    await caches.invalidate([]);
    expect(await read()).toEqual([3, 2, 1]);
    await caches.invalidate("everything");
    expect(await read()).toEqual([4, 3, 2]);
  });

  it("does not keep a load that was under way when its tag was invalidated", async () => {
    const caches = createReadCaches(60_000);
    const cache = caches.create<string>();
    let finish: (value: string) => void = () => undefined;
    const slow = cache.get("k", () => new Promise<string>((resolve) => (finish = resolve)), ["course:1"]);
    await caches.invalidate(["course:1"]);
    finish("before the write");
    expect(await slow).toBe("before the write");
    expect(await cache.get("k", async () => "after the write", ["course:1"])).toBe("after the write");
  });

  it("tells its listeners what it cleared, and nothing for an empty scope", async () => {
    const caches = createReadCaches(60_000);
    const heard: unknown[] = [];
    caches.onInvalidate(async (scope) => void heard.push(scope));
    await caches.invalidate(["user:1"]);
    await caches.invalidate([]);
    await caches.invalidate("everything");
    expect(heard).toEqual([["user:1"], "everything"]);
  });

  it("does not keep a failed load, and loads every time with a TTL of 0", async () => {
    const cache = createReadCaches(1000).create<number>();
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 7)).toBe(7);
    const off = createReadCaches(0).create<number>();
    const c = counter();
    await off.get("k", c.load);
    await off.get("k", c.load);
    expect(c.loads()).toBe(2);
  });

  it("makes room when full: expired entries first, everything when none has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = createReadCaches(1000).create<string>(2);
    await cache.get("old", async () => "old");
    vi.setSystemTime(Date.now() + 1500);
    await cache.get("fresh", async () => "fresh");
    await cache.get("new", async () => "new");
    expect(await cache.get("fresh", async () => "reloaded")).toBe("fresh");
    await cache.get("third", async () => "third");
    expect(await cache.get("fresh", async () => "reloaded")).toBe("reloaded");
  });
});
