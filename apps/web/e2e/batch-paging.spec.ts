import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, uniqueLetters } from "./support/courses";
import { makePdf } from "./support/files";

/** A word only this run's learners carry (letters only, so it also matches their e-mails). */
const runWord = () => `bp${uniqueLetters()}`;

async function registerMany(request: APIRequestContext, label: string, count: number) {
  const learners = [];
  for (let i = 0; i < count; i++) learners.push(await registerLearner(request, label));
  return learners;
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

interface Student {
  _id: string;
  email: string;
}

test("an admin pages and searches both Batch lists and adds users picked on two pages", async ({ page, request }) => {
  const word = runWord();
  const { courseId } = await createCourseWithModule(request, `Batch paging ${word}`);
  const learners = await registerMany(request, word, 25);
  const enrolled = learners.slice(0, 12);
  const others = learners.slice(12);
  const admin = await apiAs(request, DEMO.admin);
  await admin.post(`/admin/courses/${courseId}/enrollments`, { userIds: enrolled.map((l) => l._id) });

  await signIn(page, DEMO.admin);
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Batch paging ${word}` })).toBeVisible();
  await page.getByRole("tab", { name: "Batch" }).click();

  // The enrolled list: 12 students, ten a page.
  const students = page.getByRole("list", { name: "Enrolled students" });
  await expect(page.getByText("12 in this course")).toBeVisible();
  await expect(students.getByRole("listitem")).toHaveCount(10);
  const firstPage = await students.getByRole("listitem").allInnerTexts();
  await page
    .getByRole("navigation", { name: "Enrolled students pages" })
    .getByRole("button", { name: "Page 2" })
    .click();
  await expect(students.getByRole("listitem")).toHaveCount(2);
  const shown = [...firstPage, ...(await students.getByRole("listitem").allInnerTexts())].join("\n");
  for (const learner of enrolled) expect(shown).toContain(learner.email);

  // Searching the enrolled list asks the server, ignoring case, and starts again at page 1.
  const target = enrolled[3];
  const searched = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname.endsWith(`/courses/${courseId}/enrollments`) &&
      url.searchParams.get("search") === target.email.toUpperCase()
    );
  });
  await page.getByLabel("Search enrolled students by name or e-mail").fill(target.email.toUpperCase());
  // The first searched request already asks for page 1 (not page 2, refitted afterwards).
  const answer = await searched;
  expect(answer.ok()).toBe(true);
  expect(new URL(answer.url()).searchParams.get("page")).toBe("1");
  await expect(page.getByText(`1 matching "${target.email.toUpperCase()}"`)).toBeVisible();
  await expect(students.getByRole("listitem")).toHaveCount(1);
  await expect(students.getByText(target.email)).toBeVisible();

  // The users to add: this run's 13 others, never the enrolled ones, on two pages.
  await page.getByLabel("Search users by name or e-mail").fill(word);
  const candidates = page.getByRole("list", { name: "Users to add" });
  const candidatePages = page.getByRole("navigation", { name: "Users to add pages" });
  // Wait for the searched answer (typing is debounced), not the unfiltered list still shown.
  await expect(candidatePages.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(2);
  await expect(candidates.getByRole("listitem").filter({ hasNotText: word })).toHaveCount(0);
  await expect(candidates.getByRole("listitem")).toHaveCount(10);
  const onFirst = await candidates.getByRole("listitem").allInnerTexts();
  for (const learner of enrolled) expect(onFirst.join("\n")).not.toContain(learner.email);
  const pickedFirst = others.filter((l) => onFirst.some((text) => text.includes(l.email))).slice(0, 2);
  expect(pickedFirst).toHaveLength(2);

  // Clear selection empties it.
  await candidates.getByLabel(`Select ${pickedFirst[0].name}`).check();
  await expect(page.getByRole("button", { name: "Add selected (1)" })).toBeEnabled();
  await page.getByRole("button", { name: "Clear selection" }).click();
  await expect(page.getByRole("button", { name: "Add selected (0)" })).toBeDisabled();

  // Two picked on page 1, one on page 2: the selection survives paging both ways.
  for (const learner of pickedFirst) await candidates.getByLabel(`Select ${learner.name}`).check();
  await candidatePages.getByRole("button", { name: "Page 2" }).click();
  await expect(candidates.getByRole("listitem")).toHaveCount(3);
  const onSecond = await candidates.getByRole("listitem").allInnerTexts();
  // The two pages hold exactly this run's 13 others.
  for (const learner of enrolled) expect(onSecond.join("\n")).not.toContain(learner.email);
  for (const learner of others) expect([...onFirst, ...onSecond].join("\n")).toContain(learner.email);
  const pickedSecond = others.find((l) => onSecond.some((text) => text.includes(l.email)));
  if (!pickedSecond) throw new Error("no learner of this run on page 2");
  await candidates.getByLabel(`Select ${pickedSecond.name}`).check();
  await expect(page.getByRole("button", { name: "Add selected (3)" })).toBeVisible();
  await candidatePages.getByRole("button", { name: "Page 1" }).click();
  await expect(candidates.getByLabel(`Select ${pickedFirst[0].name}`)).toBeChecked();
  await expect(candidates.getByLabel(`Select ${pickedFirst[1].name}`)).toBeChecked();
  await expect(page.getByRole("list", { name: "Selected users" }).getByRole("listitem")).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath("batch-selection.png"), fullPage: true });

  await page.getByRole("button", { name: "Add selected (3)" }).click();
  await expect(toast(page, "3 user(s) added to the course.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add selected (0)" })).toBeDisabled();
  // The added users leave the list of users to add: ten are left, one page.
  await expect(candidates.getByRole("listitem")).toHaveCount(10);
  await expect(candidatePages).toHaveCount(0);
  for (const learner of [...pickedFirst, pickedSecond]) {
    await expect(candidates.getByText(learner.email)).toHaveCount(0);
  }

  // The server has them.
  const { students: now, pagination } = await admin.get<{ students: Student[]; pagination: { total: number } }>(
    `/admin/courses/${courseId}/enrollments?search=${word}&limit=100`,
  );
  expect(pagination.total).toBe(15);
  const ids = now.map((s) => s._id);
  for (const learner of [...enrolled, ...pickedFirst, pickedSecond]) expect(ids).toContain(learner._id);
});

test("an instructor's course card shows the learners' average progress once a learner completes something", async ({
  page,
  request,
}) => {
  const title = `Progress card ${runWord()}`;
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  const { lesson } = await instructor.post<{ lesson: { _id: string } }>(
    `/instructor/courses/${courseId}/modules/${moduleId}/lessons`,
    { title: "Read this" },
  );
  const { file } = await instructor.upload<{ file: { _id: string } }>(
    `/instructor/courses/${courseId}/modules/${moduleId}/lessons/${lesson._id}/content`,
    "content",
    { name: "notes.pdf", mimeType: "application/pdf", buffer: makePdf(1) },
  );
  await publish(request, courseId);
  const [reader, idle] = await registerMany(request, "Progress", 2);
  const readerApi = await apiAs(request, reader);
  await readerApi.post(`/courses/${courseId}/enroll`);
  await (await apiAs(request, idle)).post(`/courses/${courseId}/enroll`);

  await signIn(page, DEMO.instructor);
  await page.goto(`/courses?search=${encodeURIComponent(title)}`);
  const card = page.getByRole("link").filter({ hasText: title });
  await expect(card.getByText("2 students")).toBeVisible();
  await expect(card.getByText("0% avg. progress", { exact: true })).toBeVisible();

  // One of the two learners opens the course's only file: 100% and 0% average 50%.
  await readerApi.post(`/courses/${courseId}/lessons/${lesson._id}/progress`, { fileId: file._id });
  await page.reload();
  await expect(card.getByText("50% avg. progress", { exact: true })).toBeVisible();
  await card.screenshot({ path: test.info().outputPath("course-card-progress.png") });
  const { courses } = await instructor.get<{ courses: { stats: { averageProgress: number } }[] }>(
    `/instructor/courses?search=${encodeURIComponent(title)}`,
  );
  expect(courses.map((c) => c.stats.averageProgress)).toEqual([50]);
});
