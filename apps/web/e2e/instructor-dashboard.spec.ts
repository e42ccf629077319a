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
  const { active } = await instructor.get<{ active: number }>("/instructor/dashboard/assessments");
  const { stats } = await instructor.get<{
    stats: { upcomingSessions: number; activeAssessments: number; courseMaterials: number };
  }>("/instructor/dashboard/stats");
  expect(stats.activeAssessments).toBe(active);
  expect(active).toBeGreaterThanOrEqual(1);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(page, DEMO.instructor);
  await expect(page.getByTestId("assessments-count")).toHaveText(String(stats.activeAssessments));
  await expect(page.getByTestId("upcoming-sessions-count")).toHaveText(String(stats.upcomingSessions));
  await expect(page.getByTestId("materials-count")).toHaveText(String(stats.courseMaterials));
  const card = page.getByRole("region", { name: "Recent Assessments" });
  const quizRow = card.getByRole("listitem").filter({ hasText: quiz });
  await expect(quizRow.getByRole("link", { name: quiz })).toHaveAttribute("href", `/courses/${courseId}`);
  await expect(quizRow).toContainText("Quiz");
  await expect(quizRow).not.toContainText("Draft");
  await expect(card.getByRole("listitem").filter({ hasText: assignment })).toContainText("Draft");
  await expect(card.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/instructor/assessments");
});
