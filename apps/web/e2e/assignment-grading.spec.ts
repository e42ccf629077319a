import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { makePdf } from "./support/files";
import { waitForMail } from "./support/mail";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** A published course with a published assignment: a report to upload (10 points) and a summary (5). */
async function courseWithAssignment(request: Parameters<typeof createCourseWithModule>[0]) {
  const courseTitle = `Graded ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);
  const title = `Lab report ${unique()}`;
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(
    `/instructor/courses/${courseId}/assessments`,
    {
      title,
      type: "assignment",
      published: true,
      questions: [
        { type: "file_upload", text: "Upload your lab report as a PDF.", points: 10 },
        { type: "essay", text: "Summarise your findings.", points: 5 },
      ],
    },
  );
  return { courseId, courseTitle, title, assessmentId: assessment._id };
}

test("an assignment with a file is submitted, graded by hand on the grading screen, and the learner sees the feedback", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { courseId, courseTitle, title, assessmentId } = await courseWithAssignment(request);
  const learner = await registerLearner(request, "Reporter");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);

  // The learner uploads a PDF, replaces nothing, writes the summary and submits.
  await signIn(page, { ...learner, home: "/dashboard" });
  await page.goto(`/courses/${courseId}/assessments/${assessmentId}`);
  await expect(page.getByRole("heading", { name: "Question 1 of 2" })).toBeVisible();
  await expect(page.getByText("No file uploaded yet.")).toBeVisible();
  await page.getByLabel("File to upload").setInputFiles({
    name: "lab-report.pdf",
    mimeType: "application/pdf",
    buffer: makePdf(2),
  });
  await expect(page.getByTestId("answer-file")).toContainText("lab-report.pdf");
  await expect(page.getByRole("button", { name: "Replace file" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("textbox", { name: "Your answer" }).fill("The pendulum's period grows with its length.");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Submit assessment" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Submit this assessment?" });
  await expect(dialog).toContainText("You answered 2 of 2 questions.");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("attempt-score")).toHaveText("Waiting for a grade");
  await expect(page.getByRole("link", { name: "lab-report.pdf" })).toBeVisible();

  // The instructor opens the grading screen from the course's Assessments tab.
  const context = await browser.newContext();
  const grader = await context.newPage();
  await signIn(grader, DEMO.instructor);
  await grader.goto(`/courses/${courseId}`);
  await expect(grader.getByRole("heading", { level: 1, name: courseTitle })).toBeVisible();
  await grader.getByRole("tab", { name: "Assessments" }).click();
  const row = grader.getByRole("article", { name: title });
  await expect(row).toContainText("Needs grading: 1");
  await row.getByRole("link", { name: `Grade submissions: ${title}` }).click();
  await expect(grader).toHaveURL(`/instructor/courses/${courseId}/assessments/${assessmentId}/grade`);
  await expect(grader.getByRole("heading", { level: 1, name: `Grade: ${title}` })).toBeVisible();
  const submissions = grader.getByRole("list", { name: "Submissions" });
  await expect(submissions.locator("button[aria-current=true]")).toContainText(learner.name);
  await expect(grader.getByTestId("submission-score")).toHaveText("Not graded yet");

  // The PDF shows inline, with a download link that really downloads it.
  const preview = grader.locator('iframe[title="Preview of lab-report.pdf"]');
  await expect(preview).toBeVisible();
  const download = grader.getByRole("link", { name: /Download lab-report\.pdf/ });
  const href = await download.getAttribute("href");
  expect(href).toMatch(/^\/api\/answer-files\/[0-9a-f]{24}\?expires=\d+&sig=[\w-]+&download=1$/);
  const file = await request.get(href as string);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="lab-report.pdf"/);
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(grader.getByText("The pendulum's period grows with its length.")).toBeVisible();

  // Points above the question's are refused on the screen; then a valid grade is saved.
  await grader.getByLabel("Points (0 to 10)").fill("12");
  await grader.getByRole("button", { name: "Save grades" }).click();
  await expect(grader.getByText("Points must be between 0 and the question's points")).toBeVisible();
  await grader.getByLabel("Points (0 to 10)").fill("8");
  await grader.getByLabel("Feedback").first().fill("Clear method; label the axes of figure 2.");
  await grader.getByLabel("Points (0 to 5)").fill("4");
  await grader.getByRole("button", { name: "Save grades" }).click();
  await expect(toast(grader, "Grades saved")).toBeVisible();
  await expect(grader.getByTestId("submission-score")).toHaveText("Score 12 / 15");
  await expect(grader.getByRole("button", { name: "Next ungraded" })).toBeDisabled();
  await context.close();

  // The learner is told by e-mail and sees the score and the feedback.
  const mail = await waitForMail(learner.email);
  expect(mail).toContain(`Graded: ${title}`);
  await page.reload();
  await expect(page.getByTestId("attempt-score")).toHaveText("12 / 15");
  const answers = page.getByRole("list", { name: "Answers" }).getByRole("listitem");
  await expect(answers.nth(0)).toContainText("8 / 10 points");
  await expect(answers.nth(0)).toContainText("Clear method; label the axes of figure 2.");
  await expect(answers.nth(1)).toContainText("4 / 5 points");
});
