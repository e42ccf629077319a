import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../src/seed/demo.js";
import { samplePdf } from "../src/seed/sample-files.js";
import { detectFileType } from "../src/storage/file-types.js";
import { createLocalStorage } from "../src/storage/local.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { login } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  await seedDemoData(t.db, createLocalStorage(path.join(t.dataDir, "uploads")));
});
afterAll(() => t.close());

describe("demo data", () => {
  it("enrolls the demo learner in a few courses with real progress behind the percentages", async () => {
    const learner = await login(t.app, { email: "learner@example.com", password: "Learner123!" });
    const list = await t.app.inject({ method: "GET", url: "/api/users/enrolled-courses", headers: learner.auth });
    const courses = list.json().data.courses;
    expect(courses).toHaveLength(3);
    for (const course of courses) {
      expect(course.progress.totalVideos + course.progress.totalResources).toBe(7);
      expect(course.progress.percentage).toBe(course.enrollment.progress);
    }
    expect(courses.some((c: { progress: { percentage: number } }) => c.progress.percentage === 100)).toBe(true);
    expect(courses.some((c: { progress: { percentage: number } }) => c.progress.percentage < 100)).toBe(true);
    const catalogue = await t.app.inject({ method: "GET", url: "/api/courses?limit=100" });
    expect(catalogue.json().data.courses.length).toBeGreaterThan(3);
  });

  it("gives the lesson viewer real files of the types it shows", async () => {
    const learner = await login(t.app, { email: "learner@example.com", password: "Learner123!" });
    const [first] = (
      await t.app.inject({ method: "GET", url: "/api/users/enrolled-courses", headers: learner.auth })
    ).json().data.courses;
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${first._id}/detail`,
      headers: learner.auth,
    });
    const course = detail.json().data.course;
    expect(course.modules).toHaveLength(3);
    expect(course.materials.map((m: { type: string }) => m.type).sort()).toEqual(["link", "pdf"]);
    const files = course.modules.flatMap((m: { lessons: { files: { type: string; url: string }[] }[] }) =>
      m.lessons.flatMap((l) => l.files),
    );
    expect(new Set(files.map((f: { type: string }) => f.type))).toEqual(
      new Set(["video/mp4", "application/pdf", "image/png"]),
    );
    for (const file of files) {
      const media = await t.app.inject({ method: "GET", url: file.url });
      expect(media.statusCode).toBe(200);
      expect((await detectFileType(media.rawPayload.subarray(0, 4100), "x")).mime).toBe(file.type);
    }
  });

  it("makes PDFs whose cross-reference table points at their objects", () => {
    const pdf = samplePdf("Title (with parentheses)", [["one"], ["two", "three"]]).toString("latin1");
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [i, offset] of offsets.entries()) expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
  });

  it("ships small sample assets", () => {
    const dir = path.resolve(import.meta.dirname, "../src/seed/assets");
    const total = readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
    expect(total).toBeLessThan(200 * 1024);
  });
});
