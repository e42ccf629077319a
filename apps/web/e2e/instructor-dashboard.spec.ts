import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { createCourseWithModule, unique } from "./support/courses";

test("the instructor dashboard's counters show the api's stats and its card the api's assessments", async ({
  page,
  request,
}) => {
  const { courseId, instructor } = await createCourseWithModule(request, `Assessed ${unique()}`);
  const quiz = `Quiz ${unique()}`;
  const assignment = `Essay ${unique()}`;
  await instructor.post(`/instructor/courses/${courseId}/assessments`, {
    title: quiz,
    type: "quiz",
    published: true,
    dueDate: "2030-01-15T09:30:00.000Z",
    questions: [{ type: "true_false", text: "The sky is blue.", points: 1, correct: true }],
  });
  await instructor.post(`/instructor/courses/${courseId}/assessments`, {
    title: assignment,
    type: "assignment",
    totalPoints: 10,
  });
  type Stats = { upcomingSessions: number; activeAssessments: number; courseMaterials: number };
  const statsNow = async () => (await instructor.get<{ stats: Stats }>("/instructor/dashboard/stats")).stats;
  const { active } = await instructor.get<{ active: number }>("/instructor/dashboard/assessments");
  expect((await statsNow()).activeAssessments).toBe(active);
  expect(active).toBeGreaterThanOrEqual(1);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(page, DEMO.instructor);
  // Journeys running alongside add sessions, materials and assessments for the same demo instructor,
  // so the counters are compared with the api's figures read after the page showed them, on a fresh
  // visit until both agree.
  const counters: [string, keyof Stats][] = [
    ["assessments-count", "activeAssessments"],
    ["upcoming-sessions-count", "upcomingSessions"],
    ["materials-count", "courseMaterials"],
  ];
  await expect(async () => {
    await page.goto("/instructor/dashboard");
    for (const [testId] of counters) await expect(page.getByTestId(testId)).toHaveText(/^\d+$/);
    const shown = await Promise.all(counters.map(([testId]) => page.getByTestId(testId).textContent()));
    const stats = await statsNow();
    expect(shown).toEqual(counters.map(([, key]) => String(stats[key])));
  }).toPass({ timeout: 30_000 });
  const card = page.getByRole("region", { name: "Recent Assessments" });
  const quizRow = card.getByRole("listitem").filter({ hasText: quiz });
  await expect(quizRow.getByRole("link", { name: quiz })).toHaveAttribute("href", `/courses/${courseId}`);
  await expect(quizRow).toContainText("Quiz");
  await expect(quizRow).not.toContainText("Draft");
  await expect(card.getByRole("listitem").filter({ hasText: assignment })).toContainText("Draft");
  await expect(card.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/instructor/assessments");
});
