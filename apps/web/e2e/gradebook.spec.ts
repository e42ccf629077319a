import { readFile } from "node:fs/promises";
import type { Gradebook } from "@lms/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const TWO_TRUE_FALSE = [
  { type: "true_false", text: "Six points", points: 6, correct: true },
  { type: "true_false", text: "Four points", points: 4, correct: true },
];

/** Takes a quiz through the api as `account`, answering only the questions named `right` correctly. */
async function takeQuiz(
  request: APIRequestContext,
  account: { email: string; password: string },
  id: string,
  right: string[],
) {
  const login = await request.post("/api/auth/login", { data: account });
  const headers = { Authorization: `Bearer ${(await login.json()).data.token}` };
  const started = await request.post(`/api/assessments/${id}/attempts`, { headers });
  const attempt = (await started.json()).data.attempt as { _id: string; questions: { _id: string; text: string }[] };
  const answers = attempt.questions.map((q) => ({ questionId: q._id, value: right.includes(q.text) }));
  expect((await request.put(`/api/attempts/${attempt._id}/answers`, { headers, data: { answers } })).ok()).toBe(true);
  expect((await request.post(`/api/attempts/${attempt._id}/submit`, { headers })).ok()).toBe(true);
}

/** A published course with two graded quizzes and one past due, two enrolled learners, one of whom did the work. */
async function gradedCourse(request: APIRequestContext) {
  const courseTitle = `Graded ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);
  const create = async (title: string, settings: Record<string, unknown>) =>
    (
      await instructor.post<{ assessment: { _id: string } }>(`/instructor/courses/${courseId}/assessments`, {
        title,
        published: true,
        questions: TWO_TRUE_FALSE,
        ...settings,
      })
    ).assessment._id;
  const first = await create("Warm-up quiz", { weight: 1 });
  const second = await create("Main quiz", { weight: 3 });
  await create("Past due quiz", { weight: 1, dueDate: "2020-01-01T00:00:00.000Z" });
  const worker = await registerLearner(request, "Worker");
  const idler = await registerLearner(request, "Idler");
  for (const learner of [worker, idler]) await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
  await takeQuiz(request, worker, first, ["Six points", "Four points"]);
  await takeQuiz(request, worker, second, ["Four points"]);
  return { courseId, courseTitle, instructor, worker, idler };
}

async function openGradebook(page: Page, courseId: string, courseTitle: string) {
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: courseTitle })).toBeVisible();
  await page.getByRole("tab", { name: "Gradebook" }).click();
}

const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

test("an instructor sees the gradebook as the api gives it and exports it as CSV", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { courseId, courseTitle, instructor, worker, idler } = await gradedCourse(request);
  const book = await instructor.get<Gradebook>(`/courses/${courseId}/gradebook`);
  expect(book.rows).toHaveLength(2);

  await signIn(page, DEMO.instructor);
  await openGradebook(page, courseId, courseTitle);
  const table = page.getByRole("table", { name: `Gradebook of ${courseTitle}` });
  await expect(table).toBeVisible();
  const headers = table.getByRole("columnheader");
  await expect(headers).toHaveText(["Learner", ...book.assessments.map((a) => new RegExp(`^${a.title}`)), "Grade"]);
  for (const row of book.rows) {
    const line = rowOf(page, row.learner.name);
    await expect(line.getByRole("cell").last()).toHaveText(row.grade === null ? "—" : `${row.grade}%`);
  }
  // Worker: 100% × 1 + 40% × 3, and 0 for the missed quiz: (100 + 120 + 0) / 5.
  await expect(rowOf(page, worker.name).getByRole("cell").last()).toHaveText("44%");
  await expect(rowOf(page, idler.name).getByText("Missing")).toHaveCount(1);
  await expect(rowOf(page, idler.name).getByRole("cell").last()).toHaveText("0%");

  await page.getByRole("searchbox", { name: "Search learners by name or e-mail" }).fill(worker.email);
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await expect(table.getByRole("rowheader")).toContainText(worker.name);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gradebook-.+\.csv$/);
  const [header, ...records] = parse(await readFile(await download.path())) as string[][];
  expect(header).toEqual([
    "Learner",
    "Email",
    ...book.assessments.map((a) => `${a.title} (${a.totalPoints} pts)`),
    "Course grade (%)",
    "Missing",
    "Late",
    "Needs grading",
  ]);
  expect(records.map((r) => [r[0], r[1], r[2 + book.assessments.length]])).toEqual(
    book.rows.map((row) => [row.learner.name, row.learner.email, row.grade === null ? "" : String(row.grade)]),
  );
});

test("a learner sees only their own grades, one row per assessment, without a Learner column", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { courseId, courseTitle, worker, idler } = await gradedCourse(request);
  await signIn(page, { ...worker, home: "/dashboard" });
  await openGradebook(page, courseId, courseTitle);
  const table = page.getByRole("table", { name: `Your grades in ${courseTitle}` });
  await expect(table.getByRole("columnheader")).toHaveText(["Assessment", "Your score"]);
  await expect(table).not.toContainText(worker.name);
  await expect(page.getByText(idler.name)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await expect(rowOf(page, "Past due quiz").getByRole("cell")).toContainText("Missing");
  await expect(rowOf(page, "Course grade").getByRole("cell")).toHaveText("44%");

  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Gradebook" });
  const courseGrades = card.getByRole("list", { name: "Course grades" });
  await expect(courseGrades.getByRole("listitem").filter({ hasText: courseTitle })).toContainText("44%");
});
