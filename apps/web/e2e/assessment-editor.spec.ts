import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { createCourseWithModule, unique } from "./support/courses";

interface StoredQuestion {
  type: string;
  text: string;
  points: number;
  options?: { text: string; correct: boolean }[];
  correct?: boolean;
  acceptedAnswers?: string[];
}
interface StoredAssessment {
  _id: string;
  title: string;
  courseId: string;
  type: string;
  published: boolean;
  totalPoints: number;
  attemptsAllowed: number | null;
  timeLimitMinutes: number | null;
  questions?: StoredQuestion[];
}

const question = (page: Page, n: number) => page.getByRole("region", { name: `Question ${n}`, exact: true });

async function addQuestion(page: Page, type: string) {
  await page.getByLabel("New question type").selectOption({ label: type });
  await page.getByRole("button", { name: "Add question" }).click();
}

test("an instructor builds a quiz with four question types and publishes it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = unique();
  const courseTitle = `Editor course ${id}`;
  const quizTitle = `Planets quiz ${id}`;
  const { courseId, instructor } = await createCourseWithModule(request, courseTitle);

  await signIn(page, DEMO.instructor);
  await page.goto("/instructor/assessments");
  await expect(page.getByRole("heading", { level: 1, name: "Assessments" })).toBeVisible();
  // The header's button (the empty state repeats it while this instructor has no assessment yet).
  await page.locator("main header").getByRole("link", { name: "New Assessment" }).click();
  await expect(page).toHaveURL("/instructor/assessments/new");
  // The list stays on screen while the editor's chunk loads, and it has a "Course" filter too.
  await expect(page.getByRole("heading", { level: 1, name: "New Assessment" })).toBeVisible();

  await page.getByLabel("Course", { exact: true }).selectOption({ label: courseTitle });
  await page.getByLabel("Title", { exact: true }).fill(quizTitle);
  await page.getByLabel("Attempts allowed (empty: unlimited)").fill("2");
  await page.getByLabel("Time limit in minutes (empty: none)").fill("20");

  // 1: single choice, with bold text written through the toolbar.
  await addQuestion(page, "Single choice");
  const first = question(page, 1);
  const text = first.getByRole("textbox", { name: "Question text" });
  await text.click();
  await page.keyboard.type("Which planet is the ");
  // The question text's toolbar: the card holds the feedback's editor too.
  const bold = first.getByRole("toolbar", { name: "Formatting Question text" }).getByRole("button", { name: "Bold" });
  await bold.click();
  await page.keyboard.type("largest");
  await bold.click();
  await page.keyboard.type("?");
  await first.getByLabel("Points").fill("2");
  await first.getByLabel("Option 1", { exact: true }).fill("Jupiter");

  // 2: multiple choice with a third option, two of them correct.
  await addQuestion(page, "Multiple choice");
  const second = question(page, 2);
  await second.getByRole("textbox", { name: "Question text" }).fill("Pick the prime numbers");
  await second.getByLabel("Option 1", { exact: true }).fill("Two");
  await second.getByLabel("Option 2", { exact: true }).fill("Three");
  await second.getByRole("checkbox", { name: "Option 2 is correct" }).check();
  await second.getByRole("button", { name: "Add option" }).click();
  await second.getByLabel("Option 3", { exact: true }).fill("Four");
  await second.getByLabel("Points").fill("3");

  // 3: true/false; 4: short answer.
  await addQuestion(page, "True / false");
  const third = question(page, 3);
  await third.getByRole("textbox", { name: "Question text" }).fill("The sun is a planet");
  await third.getByRole("radio", { name: "False" }).check();
  await addQuestion(page, "Short answer");
  const fourth = question(page, 4);
  await fourth.getByRole("textbox", { name: "Question text" }).fill("The capital of France?");
  await fourth.getByLabel(/Accepted answers/).fill("Paris\nParis, France");
  await fourth.getByLabel("Points").fill("2");
  await expect(page.getByTestId("total-points")).toHaveText("4 questions · Total: 8 points");

  // The contract's messages show before anything is sent: question 1 still has an empty option.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(first.getByText("Option text is required")).toBeVisible();
  await first.getByLabel("Option 2", { exact: true }).fill("Mars");

  // Reorder with the keyboard: the short answer moves above the true/false question; focus follows it.
  await fourth.getByRole("button", { name: "Move question 4 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move question 3 up" })).toBeFocused();
  await expect(question(page, 3).getByRole("textbox", { name: "Question text" })).toHaveText("The capital of France?");

  // Preview as a learner: the formatted text and the learner's own inputs, without the key.
  await page.getByRole("button", { name: "Preview as a learner" }).click();
  const preview = page.getByRole("dialog");
  await expect(preview.getByRole("heading", { name: `Preview: ${quizTitle}` })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Question 1 of 4" })).toBeVisible();
  await expect(preview.locator("b", { hasText: "largest" })).toBeVisible();
  await preview.getByRole("radio", { name: "Jupiter" }).check();
  await expect(preview.getByRole("checkbox", { name: "Four" })).not.toBeChecked();
  await expect(preview.getByRole("textbox", { name: "Your answer" })).toBeVisible();
  await preview.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/instructor\/assessments\/[0-9a-f]{24}\/edit$/);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Assessment created successfully" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Edit: ${quizTitle}` })).toBeVisible();
  const assessmentId = page.url().split("/").at(-2) as string;

  // The api holds the quiz exactly as built.
  const { assessment } = await instructor.get<{ assessment: StoredAssessment }>(
    `/instructor/assessments/${assessmentId}`,
  );
  expect(assessment).toMatchObject({
    title: quizTitle,
    courseId,
    type: "quiz",
    published: true,
    totalPoints: 8,
    attemptsAllowed: 2,
    timeLimitMinutes: 20,
  });
  const questions = assessment.questions ?? [];
  expect(questions.map((q) => q.type)).toEqual(["single_choice", "multiple_choice", "short_answer", "true_false"]);
  expect(questions[0].text).toContain("<b>largest</b>");
  expect(questions[0]).toMatchObject({
    points: 2,
    options: [
      { text: "Jupiter", correct: true },
      { text: "Mars", correct: false },
    ],
  });
  expect(questions[1]).toMatchObject({
    text: "Pick the prime numbers",
    points: 3,
    options: [
      { text: "Two", correct: true },
      { text: "Three", correct: true },
      { text: "Four", correct: false },
    ],
  });
  expect(questions[2]).toMatchObject({ points: 2, acceptedAnswers: ["Paris", "Paris, France"] });
  expect(questions[3]).toMatchObject({ text: "The sun is a planet", points: 1, correct: false });

  // Editing keeps the editor: a fifth question (numeric) is added and saved; the total follows.
  await addQuestion(page, "Numeric");
  const fifth = question(page, 5);
  await fifth.getByRole("textbox", { name: "Question text" }).fill("Two plus two?");
  await fifth.getByLabel("Correct value").fill("4");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Assessment updated successfully" }),
  ).toBeVisible();
  const saved = await instructor.get<{ assessment: StoredAssessment }>(`/instructor/assessments/${assessmentId}`);
  expect(saved.assessment).toMatchObject({ totalPoints: 9, published: true });
  expect(saved.assessment.questions?.at(-1)).toMatchObject({ type: "numeric", text: "Two plus two?" });
});

test("the assessments list filters by course, type and state and shows the counts the api reports", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const { courseId, instructor } = await createCourseWithModule(request, `Filter course ${id}`);
  const { courseId: otherCourseId } = await createCourseWithModule(request, `Second filter course ${id}`);
  const create = (course: string, body: Record<string, unknown>) =>
    instructor.post<{ assessment: StoredAssessment }>(`/instructor/courses/${course}/assessments`, body);
  const quiz = {
    published: true,
    questions: [{ type: "true_false", text: "Water is wet", points: 1, correct: true }],
  };
  await create(courseId, { title: `Published quiz ${id}`, type: "quiz", ...quiz });
  await create(courseId, { title: `Draft exam ${id}`, type: "exam", totalPoints: 10 });
  await create(otherCourseId, { title: `Essay assignment ${id}`, type: "assignment", ...quiz });

  await signIn(page, DEMO.instructor);
  // Narrowed to this run's rows: parallel journeys add assessments to the same instructor.
  await page.goto(`/instructor/assessments?q=${id}`);
  const list = page.getByRole("list", { name: "Assessments" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(3);
  const api = await instructor.get<{ assessments: StoredAssessment[] }>(`/instructor/assessments?search=${id}`);
  expect(api.assessments.map((a) => a.title)).toEqual([
    `Essay assignment ${id}`,
    `Draft exam ${id}`,
    `Published quiz ${id}`,
  ]);
  await expect(rows.nth(0)).toContainText(`Essay assignment ${id}`);
  await expect(rows.nth(0)).toContainText("Submissions: 0 · Needs grading: 0");

  await page.getByLabel("Course", { exact: true }).selectOption({ label: `Filter course ${id}` });
  await expect(page).toHaveURL(new RegExp(`course=${courseId}`));
  await expect(rows).toHaveCount(2);
  await page.getByLabel("State").selectOption({ label: "Draft" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Draft exam ${id}`);
  await expect(rows.first()).toContainText("Draft");
  await page.getByLabel("State").selectOption({ label: "Published" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Published quiz ${id}`);
  await page.getByLabel("Type").selectOption({ label: "Exam" });
  await expect(page.getByText("No assessments match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/instructor/assessments");

  // Each row opens the editor on its assessment.
  await page.goto(`/instructor/assessments?q=${id}&type=assignment`);
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole("link", { name: `Edit Essay assignment ${id}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit: Essay assignment ${id}` })).toBeVisible();
  await expect(page.getByText(`Second filter course ${id}`)).toBeVisible();
});

test("an instructor duplicates an assessment into another course and copies questions into it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const sourceCourse = `Source course ${id}`;
  const targetCourse = `Target course ${id}`;
  const title = `Shared quiz ${id}`;
  const { courseId, instructor } = await createCourseWithModule(request, sourceCourse);
  const { courseId: targetId } = await createCourseWithModule(request, targetCourse);
  await instructor.post(`/instructor/courses/${courseId}/assessments`, {
    title,
    published: true,
    questions: [
      { type: "true_false", text: "Water is wet", points: 1, correct: true },
      { type: "short_answer", text: "Capital of Italy?", points: 2, acceptedAnswers: ["Rome"] },
    ],
  });

  await signIn(page, DEMO.instructor);
  await page.goto(`/instructor/assessments?q=${id}`);
  await page.getByRole("button", { name: `Duplicate ${title}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Into course").selectOption({ label: targetCourse });
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/instructor\/assessments\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByText(`Course: ${targetCourse}`)).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  const copyId = page.url().split("/").at(-2) as string;
  const copy = await instructor.get<{ assessment: StoredAssessment }>(`/instructor/assessments/${copyId}`);
  expect(copy.assessment).toMatchObject({ title, courseId: targetId, published: false, totalPoints: 3 });

  // Copy the true/false question of the original once more into the copy.
  await page.getByRole("button", { name: "Copy from another assessment" }).click();
  const picker = page.getByRole("dialog");
  await picker.getByLabel("Search your assessments").fill(id);
  await picker.getByLabel("From assessment").selectOption({ label: `${title} · ${sourceCourse}` });
  await picker.getByRole("checkbox", { name: /Water is wet/ }).check();
  await picker.getByRole("button", { name: "Copy 1 question" }).click();
  await expect(question(page, 3).getByRole("textbox", { name: "Question text" })).toHaveText("Water is wet");
  await expect(page.getByTestId("total-points")).toHaveText("3 questions · Total: 4 points");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Assessment updated successfully" }),
  ).toBeVisible();
  const saved = await instructor.get<{ assessment: StoredAssessment }>(`/instructor/assessments/${copyId}`);
  expect(saved.assessment.questions?.map((q) => q.text)).toEqual(["Water is wet", "Capital of Italy?", "Water is wet"]);
  expect(saved.assessment).toMatchObject({ published: false, totalPoints: 4 });
});
