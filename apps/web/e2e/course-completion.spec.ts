import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { makePdf } from "./support/files";

const QUESTIONS = [
  { type: "true_false", text: "Six points", points: 6, correct: true },
  { type: "true_false", text: "Four points", points: 4, correct: true },
];

/** A published course: a lesson with one PDF and a required quiz (pass mark 60 %); a new learner enrolled who read the PDF. */
async function seed(request: APIRequestContext) {
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, `Completion ${unique()}`);
  const base = `/instructor/courses/${courseId}`;
  const { lesson } = await instructor.post<{ lesson: { _id: string } }>(`${base}/modules/${moduleId}/lessons`, {
    title: "Reading",
  });
  const { file } = await instructor.upload<{ file: { _id: string } }>(
    `${base}/modules/${moduleId}/lessons/${lesson._id}/content`,
    "content",
    { name: "notes.pdf", mimeType: "application/pdf", buffer: makePdf(1) },
  );
  const quizTitle = `Check quiz ${unique()}`;
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(`${base}/assessments`, {
    title: quizTitle,
    published: true,
    passingScore: 60,
    questions: QUESTIONS,
  });
  await publish(request, courseId);
  const account = await registerLearner(request, "Finisher");
  const learner = await apiAs(request, account);
  await learner.post(`/courses/${courseId}/enroll`);
  await learner.post(`/courses/${courseId}/lessons/${lesson._id}/progress`, { fileId: file._id });
  return { courseId, quizTitle, assessmentId: assessment._id, account, learner };
}

/** Starts the quiz, answers both questions right and submits: 10 of 10. */
async function passQuiz(request: APIRequestContext, account: { email: string; password: string }, quizId: string) {
  const login = await request.post("/api/auth/login", { data: account });
  const headers = { Authorization: `Bearer ${(await login.json()).data.token}` };
  const started = await request.post(`/api/assessments/${quizId}/attempts`, { headers });
  const attempt = (await started.json()).data.attempt as { _id: string; questions: { _id: string }[] };
  const answers = attempt.questions.map((q) => ({ questionId: q._id, value: true }));
  expect((await request.put(`/api/attempts/${attempt._id}/answers`, { headers, data: { answers } })).ok()).toBe(true);
  const submitted = await request.post(`/api/attempts/${attempt._id}/submit`, { headers });
  expect((await submitted.json()).data.attempt).toMatchObject({ state: "graded", score: 10 });
}

test("a learner with the lessons read but the quiz not passed sees it unticked, and the course complete once passed", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { courseId, quizTitle, assessmentId, account } = await seed(request);
  await signInByApi(page, account);
  await page.goto(`/courses/${courseId}`);

  const checklist = page.getByTestId("completion-checklist");
  await expect(checklist.getByRole("heading", { name: "To complete this course" })).toBeVisible();
  await expect(checklist.getByTestId("course-not-completed")).toHaveText("Not complete yet");
  await expect(checklist.getByRole("listitem").filter({ hasText: "Getting started" })).toHaveAttribute(
    "data-done",
    "true",
  );
  const quizRow = checklist.getByRole("listitem").filter({ hasText: quizTitle });
  await expect(quizRow).toHaveAttribute("data-done", "false");
  await expect(quizRow).toContainText("pass mark 60%");
  await expect(page.getByTestId("course-progress")).toHaveText("50%");
  // At 360 px the card fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  expect((await checklist.boundingBox())?.width ?? 0).toBeLessThanOrEqual(360);

  // The quiz's link leads to the quiz.
  await quizRow.getByRole("link", { name: quizTitle }).click();
  await expect(page).toHaveURL(`/courses/${courseId}/assessments/${assessmentId}`);

  await passQuiz(request, account, assessmentId);
  await page.goto(`/courses/${courseId}`);
  await expect(checklist.getByTestId("course-completed")).toHaveText("Completed");
  await expect(quizRow).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("course-progress")).toHaveText("100%");
});
