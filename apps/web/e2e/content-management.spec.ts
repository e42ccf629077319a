import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { makePdf } from "./support/files";

interface Detail {
  course: {
    modules: { title: string; description: string; lessons: { title: string; files: { name: string }[] }[] }[];
  };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("an instructor edits a module and deletes a file, a lesson and a module; learners see no controls", async ({
  browser,
  page,
  request,
}) => {
  const title = `Content course ${unique()}`;
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  const base = `/instructor/courses/${courseId}`;
  const { lesson: welcome } = await instructor.post<{ lesson: { _id: string } }>(
    `${base}/modules/${moduleId}/lessons`,
    { title: "Welcome" },
  );
  await instructor.post(`${base}/modules/${moduleId}/lessons`, { title: "Setup" });
  for (const name of ["notes.pdf", "slides.pdf"]) {
    await instructor.upload(`${base}/modules/${moduleId}/lessons/${welcome._id}/content`, "content", {
      name,
      mimeType: "application/pdf",
      buffer: makePdf(1),
    });
  }
  const { module: deepDive } = await instructor.post<{ module: { _id: string } }>(`${base}/modules`, {
    title: "Deep dive",
  });
  await instructor.post(`${base}/modules/${deepDive._id}/lessons`, { title: "Advanced topics" });
  const detail = async () => (await instructor.get<Detail>(base)).course;

  await signIn(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("tab", { name: "Content" }).click();
  const content = page.getByRole("tabpanel", { name: "Content" });
  const welcomeFiles = content.getByRole("list", { name: "Files of Welcome" });
  await expect(welcomeFiles.getByRole("listitem")).toHaveText([/notes\.pdf/, /slides\.pdf/]);

  // Edit the first module; the new title and description survive a reload.
  await content.getByRole("button", { name: "Edit module Getting started" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Module" });
  await expect(edit.getByLabel("Order")).toHaveValue("1");
  await edit.getByLabel("Title").fill("Getting going");
  await edit.getByLabel("Description").fill("The first steps, renamed.");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Module updated successfully.")).toBeVisible();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(content.getByRole("button", { name: /^Getting going/ })).toBeVisible();
  await expect(content.getByText("The first steps, renamed.")).toBeVisible();
  expect((await detail()).modules[0]).toMatchObject({
    title: "Getting going",
    description: "The first steps, renamed.",
  });

  // Delete one file of a lesson.
  await welcomeFiles.getByRole("button", { name: "Delete file notes.pdf" }).click();
  let confirm = page.getByRole("alertdialog", { name: "Delete File" });
  await expect(confirm).toContainText("Are you sure you want to delete “notes.pdf” from the lesson “Welcome”?");
  await confirm.getByRole("button", { name: "Delete File" }).click();
  await expect(toast(page, "File deleted successfully.")).toBeVisible();
  await expect(welcomeFiles.getByRole("listitem")).toHaveText([/slides\.pdf/]);
  await expect(content.getByRole("link", { name: /^Welcome/ })).toContainText("1 file");
  expect((await detail()).modules[0].lessons[0].files.map((f) => f.name)).toEqual(["slides.pdf"]);

  // Delete a lesson.
  await expect(content.getByRole("link", { name: /^Setup/ })).toBeVisible();
  await content.getByRole("button", { name: "Delete lesson Setup" }).click();
  confirm = page.getByRole("alertdialog", { name: "Delete Lesson" });
  await expect(confirm).toContainText("Are you sure you want to delete the lesson “Setup”?");
  await confirm.getByRole("button", { name: "Delete Lesson" }).click();
  await expect(toast(page, "Lesson deleted successfully.")).toBeVisible();
  await expect(content.getByRole("link", { name: /^Setup/ })).toHaveCount(0);
  await expect(content.getByRole("button", { name: /^Getting going/ })).toContainText("1 lesson");
  expect((await detail()).modules[0].lessons.map((l) => l.title)).toEqual(["Welcome"]);

  // Cancelling keeps the module; confirming deletes it with its lesson.
  await content.getByRole("button", { name: "Delete module Deep dive" }).click();
  confirm = page.getByRole("alertdialog", { name: "Delete Module" });
  await expect(confirm).toContainText("Its 1 lesson and 0 files are deleted with it.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  // Still on screen under the name the checks below expect to be gone, so their toHaveCount(0) can fail.
  await expect(content.getByRole("button", { name: /^Deep dive/ })).toBeVisible();
  expect((await detail()).modules).toHaveLength(2);
  await content.getByRole("button", { name: "Delete module Deep dive" }).click();
  await confirm.getByRole("button", { name: "Delete Module" }).click();
  await expect(toast(page, "Module deleted successfully.")).toBeVisible();
  await expect(content.getByRole("button", { name: /^Deep dive/ })).toHaveCount(0);
  await expect(content.getByText("Deep dive")).toHaveCount(0);
  expect((await detail()).modules.map((m) => m.title)).toEqual(["Getting going"]);
  await page.reload();
  await expect(content.getByRole("button", { name: /^Getting going/ })).toBeVisible();
  await expect(content.getByText("Deep dive")).toHaveCount(0);

  // An enrolled learner sees the content but none of the controls.
  await publish(request, courseId);
  const learner = await registerLearner(request, "Reader");
  const admin = await apiAs(request, DEMO.admin);
  await admin.post(`/admin/courses/${courseId}/enrollments`, { userIds: [learner._id] });
  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  await signIn(learnerPage, { ...learner, home: "/dashboard" });
  await learnerPage.goto(`/courses/${courseId}`);
  await learnerPage.getByRole("tab", { name: "Content" }).click();
  const learnerContent = learnerPage.getByRole("tabpanel", { name: "Content" });
  await expect(learnerContent.getByRole("link", { name: /^Welcome/ })).toBeVisible();
  await expect(learnerContent.getByRole("button", { name: /^Getting going/ })).toBeVisible();
  await expect(learnerContent.getByRole("button", { name: /edit|delete|add/i })).toHaveCount(0);
  await expect(learnerContent.getByRole("list", { name: "Files of Welcome" })).toHaveCount(0);
  await context.close();
});
