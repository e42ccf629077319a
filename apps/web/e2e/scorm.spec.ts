import { expect, type Page, test } from "@playwright/test";
import yazl from "yazl";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { openCourseTab } from "./support/course-tabs";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-scorm" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Ladder safety</title>
      <item identifier="item" identifierref="sco"><title>Ladder safety</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>`;

/** A launch page that resumes where the learner was, saves a new place, and tries the product's storage. */
const LAUNCH_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ladder safety</title></head>
<body>
  <h1>Ladder safety</h1>
  <p>Restored location: <output id="restored"></output></p>
  <p>Storage: <output id="storage"></output></p>
  <button id="next" type="button">Go on to page 2</button>
  <p id="saved"></p>
  <script>
    var api = window.API;
    api.LMSInitialize("");
    document.getElementById("restored").textContent = api.LMSGetValue("cmi.core.lesson_location") || "none";
    var got;
    try { got = "read " + String(window.localStorage.getItem("token")); } catch (e) { got = "blocked " + e.name; }
    document.getElementById("storage").textContent = got;
    document.getElementById("next").onclick = function () {
      api.LMSSetValue("cmi.core.lesson_location", "page-2");
      api.LMSSetValue("cmi.suspend_data", "ladder=checked");
      api.LMSSetValue("cmi.core.lesson_status", "incomplete");
      api.LMSSetValue("cmi.core.score.raw", "80");
      api.LMSCommit("");
      document.getElementById("saved").textContent = "Saved at page-2";
    };
  </script>
</body></html>`;

async function scormZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(MANIFEST), "imsmanifest.xml");
  zip.addBuffer(Buffer.from(LAUNCH_PAGE), "index.html");
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const packageFrame = (page: Page) => page.frameLocator('[data-testid="scorm-frame"]');

test("a SCORM package uploaded by its instructor is played by a learner, resumed where it was left, cannot read the product's storage, and scores in the gradebook", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { courseId, instructor } = await createCourseWithModule(request, `SCORM course ${unique()}`);
  await publish(request, courseId);
  const learner = await registerLearner(request, "Climber");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);

  // The instructor adds the package as a new lesson, at phone width.
  await page.setViewportSize({ width: 360, height: 780 });
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await openCourseTab(page, "Content");
  await page.getByRole("button", { name: "Add Files" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Files" });
  await dialog.getByLabel("Lesson title").fill("Ladder safety");
  await dialog.getByRole("checkbox", { name: "SCORM package" }).check();
  await dialog
    .getByLabel("SCORM package (zip)")
    .setInputFiles({ name: "ladder.zip", mimeType: "application/zip", buffer: await scormZip() });
  await audit(page, "Add Files dialog with a SCORM package");
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Files uploaded successfully." })).toBeVisible();

  const { course } = await instructor.get<{ course: { modules: { lessons: { _id: string; title: string }[] }[] } }>(
    `/instructor/courses/${courseId}`,
  );
  const lessonId = course.modules[0].lessons.find((l) => l.title === "Ladder safety")?._id;
  expect(lessonId).toBeTruthy();

  // The learner plays it, goes on to page 2 (the package commits) and leaves.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const learnerPage = await context.newPage();
  await signInByApi(learnerPage, learner);
  await learnerPage.goto(`/courses/${courseId}/lessons/${lessonId}`);
  const frame = packageFrame(learnerPage);
  await expect(frame.locator("#restored")).toHaveText("none");
  // The package's script runs in an opaque origin: the product's localStorage (and its token) is out of reach.
  await expect(frame.locator("#storage")).toHaveText(/^blocked SecurityError/);
  await expect(learnerPage.locator('[data-testid="scorm-frame"]')).toHaveAttribute(
    "sandbox",
    "allow-scripts allow-forms allow-popups",
  );
  const saved = learnerPage.waitForResponse((r) => r.url().endsWith("/scorm/cmi") && r.request().method() === "PUT");
  await frame.getByRole("button", { name: "Go on to page 2" }).click();
  await expect(frame.locator("#saved")).toHaveText("Saved at page-2");
  expect((await saved).status()).toBe(200);
  await learnerPage.screenshot({ path: test.info().outputPath("scorm-360-light.png") });
  await audit(learnerPage, "SCORM lesson");

  // Next visit: the package resumes where it was.
  await learnerPage.goto(`/courses/${courseId}`);
  await learnerPage.goto(`/courses/${courseId}/lessons/${lessonId}`);
  await expect(packageFrame(learnerPage).locator("#restored")).toHaveText("page-2");
  await learnerPage.emulateMedia({ colorScheme: "dark" });
  await learnerPage.screenshot({ path: test.info().outputPath("scorm-360-dark.png") });
  await context.close();

  // The package's score is in the instructor's gradebook, in a column of its own.
  await page.goto(`/courses/${courseId}`);
  await openCourseTab(page, "Gradebook");
  const table = page.getByRole("table", { name: /Gradebook of/ });
  await expect(table.getByRole("columnheader", { name: /Ladder safety/ })).toContainText("SCORM package");
  await expect(table.getByRole("row", { name: new RegExp(learner.name) })).toContainText("80%");
  await audit(page, "Gradebook with a SCORM package");
});
