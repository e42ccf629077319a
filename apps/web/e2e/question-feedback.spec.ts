import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, settled, signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const EXPLANATION = "Jupiter is more than twice as massive as all the other planets together.";

test("a question's feedback is written in the editor and shown to the learner with the graded result, at 360 px", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const quizTitle = `Planets ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, `Feedback course ${unique()}`);
  await publish(request, courseId);
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(
    `/instructor/courses/${courseId}/assessments`,
    {
      title: quizTitle,
      published: true,
      questions: [
        {
          type: "single_choice",
          text: "Which planet is the largest?",
          points: 2,
          feedback: `<p><strong>Jupiter</strong>. ${EXPLANATION}</p>`,
          options: [
            { text: "Jupiter", correct: true },
            { text: "Mars", correct: false },
          ],
        },
      ],
    },
  );

  await page.setViewportSize({ width: 360, height: 740 });
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/instructor/assessments/${assessment._id}/edit`);
  await settled(page);
  const feedbackField = page.getByRole("textbox", { name: "Feedback" });
  await expect(feedbackField).toContainText(EXPLANATION);
  await expect(feedbackField).toHaveAccessibleDescription(/Shown to learners with their result/);
  await feedbackField.scrollIntoViewIfNeeded();
  await audit(page, "assessment editor with question feedback");

  const learner = await registerLearner(request, "Explained");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learnerPage = await context.newPage();
  await signInByApi(learnerPage, learner);
  await learnerPage.goto(`/courses/${courseId}/assessments/${assessment._id}`);
  await expect(learnerPage.getByRole("heading", { level: 1, name: quizTitle })).toBeVisible();
  await learnerPage.getByRole("radio", { name: "Mars" }).check();
  // While the attempt runs, the explanation is nowhere on the page.
  await expect(learnerPage.getByText(EXPLANATION)).toHaveCount(0);
  await learnerPage.getByRole("button", { name: "Submit assessment" }).click();
  await learnerPage
    .getByRole("alertdialog", { name: "Submit this assessment?" })
    .getByRole("button", { name: "Submit" })
    .click();
  await expect(learnerPage.getByTestId("attempt-score")).toHaveText("0 / 2");
  const explanation = learnerPage.getByTestId("question-feedback");
  await expect(explanation).toContainText(EXPLANATION);
  await expect(explanation.locator("strong")).toHaveText("Jupiter");
  await explanation.scrollIntoViewIfNeeded();
  await audit(learnerPage, "graded result with the question's explanation");
  await context.close();
});
