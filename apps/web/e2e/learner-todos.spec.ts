import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const TWO_TRUE_FALSE = [
  { type: "true_false", text: "Six points", points: 6, correct: true },
  { type: "true_false", text: "Four points", points: 4, correct: true },
];

/** A published course of the demo instructor with an undated, timed quiz, and a learner who started it and left. */
async function unfinishedQuiz(request: Parameters<typeof registerLearner>[0]) {
  const courseTitle = `To-dos ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);
  const quizTitle = `Unfinished quiz ${unique()}`;
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(
    `/instructor/courses/${courseId}/assessments`,
    { title: quizTitle, published: true, timeLimitMinutes: 30, questions: TWO_TRUE_FALSE },
  );
  const learner = await registerLearner(request, "Todo");
  const asLearner = await apiAs(request, learner);
  await asLearner.post(`/courses/${courseId}/enroll`);
  await asLearner.post(`/assessments/${assessment._id}/attempts`);
  return { courseId, courseTitle, quizTitle, assessmentId: assessment._id, learner };
}

test("a learner resumes an unfinished quiz from Due next; their gradebook is their own; a teacher gets a preview", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { courseId, courseTitle, quizTitle, assessmentId, learner } = await unfinishedQuiz(request);
  const link = `/courses/${courseId}/assessments/${assessmentId}`;

  await signInByApi(page, learner);
  await page.goto("/dashboard");
  const dueNext = page.getByRole("region", { name: "Gradebook" });
  const resumeFromDueNext = dueNext.getByRole("link", { name: `Resume ${quizTitle}` });
  await expect(resumeFromDueNext).toHaveAttribute("href", link);
  await expect(dueNext.getByRole("listitem").filter({ hasText: quizTitle })).toContainText(/\d+ minutes left/);
  const toDos = page.getByRole("region", { name: "To do", exact: true });
  await expect(toDos.getByRole("link", { name: `Resume ${quizTitle}` })).toBeVisible();
  await expect(page.getByText("Courses at risk")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "What to do next" })).toContainText(`Resume ${quizTitle}`);

  await resumeFromDueNext.click();
  await expect(page).toHaveURL(link);
  await expect(page.getByRole("heading", { name: "Question 1 of 2" })).toBeVisible();

  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: courseTitle })).toBeVisible();
  await page.getByRole("tab", { name: "Gradebook" }).click();
  const grades = page.getByRole("table", { name: `Your grades in ${courseTitle}` });
  await expect(grades.getByRole("columnheader")).toHaveText(["Assessment", "Your score"]);
  await expect(grades).not.toContainText(learner.name);
  await expect(grades.getByRole("rowheader", { name: new RegExp(quizTitle) })).toBeVisible();

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInByApi(teacher, DEMO.instructor);
  await teacher.goto(link);
  await expect(teacher.getByRole("heading", { name: "Preview" })).toBeVisible();
  await expect(teacher.getByRole("list", { name: "Questions" }).getByRole("listitem")).toHaveCount(2);
  await expect(teacher.getByText("Six points")).toBeVisible();
  await expect(teacher.getByRole("link", { name: "Edit" })).toHaveAttribute(
    "href",
    `/instructor/assessments/${assessmentId}/edit`,
  );
  await expect(teacher.getByRole("link", { name: "Grade" })).toHaveAttribute(
    "href",
    `/instructor/courses/${courseId}/assessments/${assessmentId}/grade`,
  );
  await expect(teacher.getByText("The attempt could not be started")).toHaveCount(0);
  await teacherContext.close();
});
