import { readFile } from "node:fs/promises";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { fillLogin } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

type Learner = Awaited<ReturnType<typeof registerLearner>>;

/** A published free course with two lessons, and learners enrolled in it. */
async function courseWithLearners(request: APIRequestContext, learnerCount: number) {
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, `Notes course ${unique()}`);
  const lessons: { _id: string; title: string }[] = [];
  for (const title of ["Reading the map", "Finding the way"]) {
    const { lesson } = await instructor.post<{ lesson: { _id: string; title: string } }>(
      `/instructor/courses/${courseId}/modules/${moduleId}/lessons`,
      { title },
    );
    lessons.push(lesson);
  }
  await publish(request, courseId);
  const { course } = await instructor.get<{ course: { courseCode: string } }>(`/instructor/courses/${courseId}`);
  const learners: Learner[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const learner = await registerLearner(request, ["Notes", "Jotter"][i] ?? "Scribe");
    await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
    learners.push(learner);
  }
  return { courseId, courseCode: course.courseCode, lessons, learners };
}

async function signInAs(page: Page, learner: Learner) {
  await page.goto("/login");
  await fillLogin(page, learner.email, learner.password);
  await expect(page).toHaveURL("/dashboard");
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
}

const notesBox = (page: Page) => page.getByLabel("Your notes for this lesson");
const noteStatus = (page: Page) => page.getByTestId("note-status");

/** Opens a lesson's Notes tab and waits until the note has loaded from the server. */
async function openNotes(page: Page, courseId: string, lessonId: string) {
  await page.goto(`/courses/${courseId}/lessons/${lessonId}`);
  await page.getByRole("tab", { name: "Notes" }).click();
  await expect(noteStatus(page)).not.toHaveText("Loading your note…");
  await expect(notesBox(page)).toBeEditable();
}

async function writeNote(page: Page, text: string) {
  await notesBox(page).fill(text);
  await expect(noteStatus(page)).toHaveText("Saved");
}

const noteKeysIn = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("lessonNotes:")));

async function serverNote(request: APIRequestContext, learner: Learner, courseId: string, lessonId: string) {
  const api = await apiAs(request, learner);
  const { note } = await api.get<{ note: { content: string } }>(`/courses/${courseId}/lessons/${lessonId}/notes`);
  return note.content;
}

test("two people on one browser never see each other's notes", async ({ page, request }) => {
  const { courseId, lessons, learners } = await courseWithLearners(request, 2);
  const [first, second] = learners;
  const lessonId = lessons[0]._id;

  await signInAs(page, first);
  await openNotes(page, courseId, lessonId);
  await writeNote(page, "First learner's private thoughts");
  expect(await noteKeysIn(page)).toEqual([`lessonNotes:${first._id}:${courseId}:${lessonId}`]);
  await signOut(page);
  expect(await noteKeysIn(page)).toEqual([]);

  // A copy left by the earlier version of the app (keyed by course and lesson only) is not shown either.
  await page.evaluate(
    (key) => localStorage.setItem(key, "left by an earlier version"),
    `lessonNotes:${courseId}:${lessonId}`,
  );
  await signInAs(page, second);
  await openNotes(page, courseId, lessonId);
  await expect(notesBox(page)).toHaveValue("");
  await expect(page.getByText("0 characters")).toBeVisible();
  await writeNote(page, "Second learner's own note");
  await signOut(page);
  expect(await noteKeysIn(page)).toEqual([]);

  await signInAs(page, first);
  await openNotes(page, courseId, lessonId);
  await expect(notesBox(page)).toHaveValue("First learner's private thoughts");
  expect(await serverNote(request, second, courseId, lessonId)).toBe("Second learner's own note");
});

test("a note follows its author to another browser", async ({ browser, request }) => {
  const { courseId, lessons, learners } = await courseWithLearners(request, 1);
  const [learner] = learners;
  const lessonId = lessons[1]._id;
  const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
  const [laptop, phone] = await Promise.all(contexts.map((context) => context.newPage()));

  await signInAs(laptop, learner);
  await openNotes(laptop, courseId, lessonId);
  await writeNote(laptop, "Started on the laptop");

  await signInAs(phone, learner);
  await openNotes(phone, courseId, lessonId);
  await expect(notesBox(phone)).toHaveValue("Started on the laptop");
  await writeNote(phone, "Started on the laptop, continued on the phone");

  // Back on the laptop the phone's version arrives with the next load.
  await openNotes(laptop, courseId, lessonId);
  await expect(notesBox(laptop)).toHaveValue("Started on the laptop, continued on the phone");
  await Promise.all(contexts.map((context) => context.close()));
});

test("an edit made offline is saved when the connection returns, keeping a newer edit from elsewhere", async ({
  browser,
  request,
}) => {
  const { courseId, lessons, learners } = await courseWithLearners(request, 1);
  const [learner] = learners;
  const lessonId = lessons[0]._id;
  const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
  const [laptop, phone] = await Promise.all(contexts.map((context) => context.newPage()));

  await signInAs(laptop, learner);
  await openNotes(laptop, courseId, lessonId);
  await writeNote(laptop, "Shared start");
  await signInAs(phone, learner);
  await openNotes(phone, courseId, lessonId);
  await expect(notesBox(phone)).toHaveValue("Shared start");

  // The laptop loses its connection and keeps typing; its text stays on the device.
  await contexts[0].setOffline(true);
  await notesBox(laptop).fill("Written on the train");
  await expect(noteStatus(laptop)).toHaveText("Offline — saved on this device");
  // Meanwhile the phone saves another text.
  await writeNote(phone, "Written on the phone");

  await contexts[0].setOffline(false);
  await expect(noteStatus(laptop)).toContainText("Conflict");
  const merged = await notesBox(laptop).inputValue();
  expect(merged).toContain("Written on the train");
  expect(merged).toContain("Written on the phone");
  await expect.poll(() => serverNote(request, learner, courseId, lessonId)).toBe(merged);
  // The phone's text was saved last, so it is the newer one and comes first.
  expect(merged.startsWith("Written on the phone")).toBe(true);
  await Promise.all(contexts.map((context) => context.close()));
});

test("the course page lists the learner's notes and exports them to a file", async ({ page, request }) => {
  const { courseId, courseCode, lessons, learners } = await courseWithLearners(request, 1);
  const [learner] = learners;
  await signInAs(page, learner);
  await openNotes(page, courseId, lessons[1]._id);
  await writeNote(page, "Second lesson: turn left at the river");
  await openNotes(page, courseId, lessons[0]._id);
  await writeNote(page, "First lesson: north is up");

  await page.goto(`/courses/${courseId}`);
  const list = page.getByRole("list", { name: "My notes" });
  await expect(list.getByRole("listitem")).toHaveText([
    /Reading the map.*First lesson: north is up/s,
    /Finding the way.*Second lesson: turn left at the river/s,
  ]);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export notes" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${courseCode}-notes-\\d{4}-\\d{2}-\\d{2}\\.md$`));
  const text = await readFile((await file.path()) ?? "", "utf8");
  expect(text).toContain("First lesson: north is up");
  expect(text).toContain("Second lesson: turn left at the river");
  expect(text.indexOf("Reading the map")).toBeLessThan(text.indexOf("Finding the way"));

  await list.getByRole("link", { name: "Finding the way" }).click();
  await expect(page).toHaveURL(`/courses/${courseId}/lessons/${lessons[1]._id}`);
});

test("a note typed offline is named at sign-out and saved once the connection returns", async ({ page, request }) => {
  const { courseId, lessons, learners } = await courseWithLearners(request, 1);
  const [learner] = learners;
  await signInAs(page, learner);
  await openNotes(page, courseId, lessons[0]._id);
  // The sign-out dialog is loaded on first use; load it while the connection is up.
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();

  await page.context().setOffline(true);
  await notesBox(page).fill("Typed without a connection");
  await expect(noteStatus(page)).toHaveText("Offline — saved on this device");

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText("1 lesson note is not yet saved to your account.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.context().setOffline(false);
  await expect(noteStatus(page)).toHaveText("Saved");
  expect(await serverNote(request, learner, courseId, lessons[0]._id)).toBe("Typed without a connection");
});
