import { readFile } from "node:fs/promises";
import type { CourseAnalytics, StudentProgress } from "@lms/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { DEMO, signIn } from "./support/auth";
import { openCourseTab } from "./support/course-tabs";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

type Learner = Awaited<ReturnType<typeof registerLearner>>;

/** The learner enrols and takes the one-question quiz, answering `answer` (nothing: hands in blank). */
async function takeQuiz(
  request: APIRequestContext,
  learner: Learner,
  courseId: string,
  quizId: string,
  answer?: boolean,
) {
  const learnerApi = await apiAs(request, learner);
  await learnerApi.post(`/courses/${courseId}/enroll`);
  if (answer === undefined) return;
  const { attempt } = await learnerApi.post<{ attempt: { _id: string; questions: { _id: string }[] } }>(
    `/assessments/${quizId}/attempts`,
  );
  const { token } = (await (await request.post("/api/auth/login", { data: learner })).json()).data;
  const saved = await request.put(`/api/attempts/${attempt._id}/answers`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { answers: [{ questionId: attempt.questions[0]._id, value: answer }] },
  });
  expect(saved.ok()).toBe(true);
  await learnerApi.post(`/attempts/${attempt._id}/submit`);
}

async function openAnalytics(page: Page, courseId: string) {
  await page.goto(`/courses/${courseId}`);
  await openCourseTab(page, "Analytics");
}

const names = (rows: StudentProgress[]) => rows.map((row) => row.name);
const tableNames = (page: Page) =>
  page.getByTestId("student-row").evaluateAll((rows) => rows.map((row) => row.querySelector("p")?.textContent ?? ""));

test("the instructor opens a course's Analytics, sees the api's figures, sorts the learners and exports them", async ({
  page,
  request,
}) => {
  const { courseId, instructor } = await createCourseWithModule(request, `Analysed ${unique()}`);
  await publish(request, courseId);
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(
    `/instructor/courses/${courseId}/assessments`,
    {
      title: `Check ${unique()}`,
      type: "quiz",
      published: true,
      questions: [{ type: "true_false", text: "Water is wet.", points: 4, correct: true }],
    },
  );
  const [right, wrong, idle] = [
    await registerLearner(request, "Right"),
    await registerLearner(request, "Wrong"),
    await registerLearner(request, "Idle"),
  ];
  await takeQuiz(request, right, courseId, assessment._id, true);
  await takeQuiz(request, wrong, courseId, assessment._id, false);
  await takeQuiz(request, idle, courseId, assessment._id);

  const { analytics } = await instructor.get<{ analytics: CourseAnalytics }>(
    `/instructor/courses/${courseId}/analytics`,
  );
  expect(analytics.enrollments.total).toBe(3);
  expect(analytics.assessments[0]).toMatchObject({ graded: 2, averagePercent: 50 });

  await signIn(page, DEMO.instructor);
  await openAnalytics(page, courseId);
  await expect(page.getByTestId("figure-learners")).toHaveText(String(analytics.enrollments.total));
  await expect(page.getByTestId("figure-completion-rate")).toHaveText(`${analytics.completionRate}%`);
  await expect(page.getByTestId("figure-average-progress")).toHaveText(`${analytics.averageProgress}%`);
  await expect(page.getByTestId("figure-at-risk")).toHaveText(String(analytics.enrollments.atRisk));
  await expect(page.getByRole("figure", { name: "Average score per assessment" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Enrollments over time" })).toBeVisible();

  // Sorting happens on the server: the table follows the api's own order for each key.
  const byName = await instructor.get<{ students: StudentProgress[] }>(
    `/instructor/courses/${courseId}/students/progress?sort=name&order=asc`,
  );
  await expect.poll(() => tableNames(page)).toEqual(names(byName.students));
  await page.getByRole("button", { name: "Grade" }).click();
  const byGrade = await instructor.get<{ students: StudentProgress[] }>(
    `/instructor/courses/${courseId}/students/progress?sort=grade&order=desc`,
  );
  expect(names(byGrade.students)).toEqual([right.name, wrong.name, idle.name]);
  await expect.poll(() => tableNames(page)).toEqual(names(byGrade.students));
  const firstRow = page.getByTestId("student-row").first();
  await expect(firstRow).toContainText("100%");
  await expect(page.getByRole("columnheader", { name: "Grade" })).toHaveAttribute("aria-sort", "descending");

  await page.getByRole("searchbox", { name: "Search learners by name or email" }).fill(wrong.email);
  await expect.poll(() => tableNames(page)).toEqual([wrong.name]);
  await page.getByRole("searchbox", { name: "Search learners by name or email" }).fill("");
  await expect.poll(() => tableNames(page)).toEqual(names(byGrade.students));

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^students-.+\.csv$/);
  const records = parse(await readFile(await download.path()), { columns: true }) as Record<string, string>[];
  expect(records.map((r) => r.Name)).toEqual(names(byGrade.students));
  expect(records.map((r) => r["Grade %"])).toEqual(["100", "0", ""]);
});

test("the Analytics tab fits a 360 px screen", async ({ page, request }) => {
  const { courseId } = await createCourseWithModule(request, `Narrow ${unique()}`);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO.instructor);
  await openAnalytics(page, courseId);
  await expect(page.getByTestId("figure-learners")).toHaveText("0");
  await expect(page.getByText("No learners enrolled yet")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
