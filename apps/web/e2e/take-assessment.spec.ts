import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

interface LearnerAssessment {
  _id: string;
  state: string;
  score: number | null;
  attemptsLeft: number | null;
}

const QUESTIONS = [
  {
    type: "single_choice",
    text: "Which planet is the largest?",
    points: 2,
    options: [
      { text: "Jupiter", correct: true },
      { text: "Mars", correct: false },
    ],
  },
  {
    type: "multiple_choice",
    text: "Pick the prime numbers",
    points: 2,
    options: [
      { text: "Two", correct: true },
      { text: "Three", correct: true },
      { text: "Four", correct: false },
    ],
  },
  { type: "true_false", text: "The sun is a star", points: 1, correct: true },
  { type: "short_answer", text: "The capital of France?", points: 3, acceptedAnswers: ["Paris"] },
];

/** A published course with a published quiz (and a draft one learners must not see). */
async function courseWithQuiz(request: Parameters<typeof createCourseWithModule>[0]) {
  const courseTitle = `Quizzed ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);
  const quizTitle = `Solar quiz ${unique()}`;
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(
    `/instructor/courses/${courseId}/assessments`,
    {
      title: quizTitle,
      type: "quiz",
      published: true,
      dueDate: "2030-01-15T10:00:00Z",
      timeLimitMinutes: 30,
      attemptsAllowed: 2,
      questions: QUESTIONS,
    },
  );
  await instructor.post(`/instructor/courses/${courseId}/assessments`, { title: "Draft quiz", totalPoints: 5 });
  return { courseId, courseTitle, quizTitle, assessmentId: assessment._id };
}

const question = (page: Page, n: number) =>
  page.getByRole("navigation", { name: "Questions" }).getByRole("button", { name: new RegExp(`^Question ${n},`) });

async function openAssessmentsTab(page: Page, courseId: string, courseTitle: string) {
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: courseTitle })).toBeVisible();
  await page.getByRole("tab", { name: "Assessments" }).click();
}

/** As the enrolled learner; the detail answer is checked so that a failure says what the server said. */
async function openAssessmentsTabAsLearner(page: Page, courseId: string, courseTitle: string) {
  const detail = page.waitForResponse((r) => r.url().endsWith(`/api/courses/${courseId}/detail`) && r.status() !== 401);
  await openAssessmentsTab(page, courseId, courseTitle);
  const answer = await detail;
  expect(`${answer.status()} ${await answer.text()}`).toMatch(/^200 .*"enrollment":\{/);
}

test("a learner takes a quiz, leaves and comes back to saved answers, submits and sees the score", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { courseId, courseTitle, quizTitle, assessmentId } = await courseWithQuiz(request);
  const learner = await registerLearner(request, "Taker");
  const learnerApi = await apiAs(request, learner);
  await learnerApi.post(`/courses/${courseId}/enroll`);

  await signIn(page, { ...learner, home: "/dashboard" });
  await openAssessmentsTabAsLearner(page, courseId, courseTitle);
  const rows = page.getByRole("list", { name: "Assessments" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  const row = page.getByRole("article", { name: quizTitle });
  await expect(row).toContainText("Quiz");
  await expect(row).toContainText("Not started");
  await expect(row).toContainText(/Due .*2030/);
  await expect(row).toContainText("Attempts left: 2");
  await row.getByRole("link", { name: `Start: ${quizTitle}` }).click();

  await expect(page.getByRole("heading", { level: 1, name: quizTitle })).toBeVisible();
  await expect(page.getByRole("timer", { name: "Time left" })).toHaveText(/(29|30):\d\d/);
  await expect(page.getByRole("heading", { name: "Question 1 of 4" })).toBeVisible();
  await page.getByRole("radio", { name: "Jupiter" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("checkbox", { name: "Two" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(question(page, 1)).toHaveAccessibleName("Question 1, answered");
  await expect(question(page, 3)).toHaveAccessibleName("Question 3, not answered");

  // Leave, and come back through the course's Assessments tab: the answers are on the server.
  await page.goto("/dashboard");
  await openAssessmentsTabAsLearner(page, courseId, courseTitle);
  await expect(page.getByRole("article", { name: quizTitle })).toContainText("In progress");
  await page.getByRole("link", { name: `Continue: ${quizTitle}` }).click();
  await expect(page.getByRole("heading", { name: "Question 1 of 4" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Jupiter" })).toBeChecked();
  await question(page, 2).click();
  await expect(page.getByRole("checkbox", { name: "Two" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Three" })).not.toBeChecked();

  // Keyboard only: the navigator moves focus to the question, Tab reaches the options, arrows pick.
  await question(page, 3).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Question 3 of 4" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "True" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "False" })).toBeChecked();
  await question(page, 4).click();
  await page.getByRole("textbox", { name: "Your answer" }).fill("  paris ");
  await page.getByRole("button", { name: "Submit assessment" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Submit this assessment?" });
  await expect(dialog).toContainText("You answered 4 of 4 questions.");
  await dialog.getByRole("button", { name: "Submit" }).click();

  // Jupiter 2 + one of two primes 1 (partial credit) + wrong true/false 0 + Paris 3 = 6 of 8.
  await expect(page.getByTestId("attempt-score")).toHaveText("6 / 8");
  const answers = page.getByRole("list", { name: "Answers" }).getByRole("listitem");
  await expect(answers.nth(1)).toContainText("1 / 2 points");
  await expect(answers.nth(1)).toContainText("Two, Three");
  await expect(answers.nth(2)).toContainText("Correct answerTrue");
  await expect(answers.nth(3)).toContainText("paris");

  const { assessments } = await learnerApi.get<{ assessments: LearnerAssessment[] }>(
    `/courses/${courseId}/assessments`,
  );
  expect(assessments).toEqual([
    expect.objectContaining({ _id: assessmentId, state: "graded", score: 6, attemptsLeft: 1 }),
  ]);

  await openAssessmentsTabAsLearner(page, courseId, courseTitle);
  const graded = page.getByRole("article", { name: quizTitle });
  await expect(graded).toContainText("Graded");
  await expect(graded).toContainText("Score: 6 / 8");
  await graded.getByRole("link", { name: `View result: ${quizTitle}` }).click();
  await expect(page.getByTestId("attempt-score")).toHaveText("6 / 8");
});

test("a learner who is not enrolled is told so on the take-assessment screen", async ({ page, request }) => {
  const { courseId, assessmentId } = await courseWithQuiz(request);
  const stranger = await registerLearner(request, "Stranger");

  await signIn(page, { ...stranger, home: "/dashboard" });
  await page.goto(`/courses/${courseId}/assessments/${assessmentId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You are not enrolled in this course. Enroll to take its assessments.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to course" })).toHaveAttribute("href", `/courses/${courseId}`);
});

test("the course's instructor sees every assessment with its submission counts on the Assessments tab", async ({
  page,
  request,
}) => {
  const { courseId, courseTitle, quizTitle, assessmentId } = await courseWithQuiz(request);
  const learner = await registerLearner(request, "Counted");
  const learnerApi = await apiAs(request, learner);
  await learnerApi.post(`/courses/${courseId}/enroll`);
  const { attempt } = await learnerApi.post<{ attempt: { _id: string } }>(`/assessments/${assessmentId}/attempts`);
  await learnerApi.post(`/attempts/${attempt._id}/submit`);

  await signIn(page, DEMO.instructor);
  await openAssessmentsTab(page, courseId, courseTitle);
  const quiz = page.getByRole("article", { name: quizTitle });
  await expect(quiz).toContainText("Published");
  await expect(quiz).toContainText("Submissions: 1 · Needs grading: 0");
  await expect(page.getByRole("article", { name: "Draft quiz" })).toContainText("Draft");
  await expect(page.getByRole("link", { name: /Start/ })).toHaveCount(0);
});
