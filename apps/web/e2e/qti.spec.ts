import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { openCourseTab } from "./support/course-tabs";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

/** A QTI 3.0 choice item, as the specification's examples write one: 2 points, one correct choice. */
const item = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="planets" title="${title}"
  adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>J</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float">
    <qti-default-value><qti-value>2</qti-value></qti-default-value>
  </qti-outcome-declaration>
  <qti-item-body>
    <qti-choice-interaction response-identifier="RESPONSE" max-choices="1">
      <qti-prompt>Which planet is the largest?</qti-prompt>
      <qti-simple-choice identifier="J">Jupiter</qti-simple-choice>
      <qti-simple-choice identifier="M">Mars</qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>
</qti-assessment-item>`;

test("an instructor imports a QTI file into a course at 360 px, and a learner takes the imported quiz", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const courseTitle = `QTI course ${unique()}`;
  const quizTitle = `Planets ${unique()}`;
  const { courseId } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);

  await page.setViewportSize({ width: 360, height: 740 });
  await signInByApi(page, DEMO.instructor);
  await page.goto("/instructor/assessments");
  // The empty list repeats the header's actions; the header's come first.
  const opener = page.getByRole("button", { name: "Import QTI" }).first();
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Import a QTI quiz" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Into course").selectOption({ label: courseTitle });
  await dialog.getByLabel("QTI file").setInputFiles({
    name: "planets.xml",
    mimeType: "text/xml",
    buffer: Buffer.from(item(quizTitle)),
  });
  await audit(page, "QTI import dialog");
  await dialog.getByRole("button", { name: "Import QTI" }).click();

  const result = page.getByRole("dialog", { name: `Imported "${quizTitle}"` });
  await expect(result.getByRole("list", { name: "Imported (1)" })).toContainText("planets");
  await expect(result.getByRole("list", { name: "Imported (1)" })).toContainText("single_choice");
  await expect(result).toContainText("Every item was imported.");
  await audit(page, "QTI import result");
  await result.getByRole("button", { name: "Open the quiz" }).click();
  await expect(page).toHaveURL(/\/instructor\/assessments\/[a-z0-9]+\/edit$/);
  const assessmentId = /assessments\/([a-z0-9]+)\/edit/.exec(page.url())?.[1] as string;
  await expect(page.getByRole("button", { name: "Export QTI" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export QTI" }).click();
  expect((await download).suggestedFilename()).toMatch(/-qti\.zip$/);

  // Publishing is the editor's own journey (assessment-editor.spec.ts); here it goes through the api.
  const { token } = (await (await request.post("/api/auth/login", { data: DEMO.instructor })).json()).data;
  const published = await request.put(`/api/instructor/courses/${courseId}/assessments/${assessmentId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { published: true },
  });
  expect(published.status()).toBe(200);

  const learner = await registerLearner(request, "Importee");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learnerPage = await context.newPage();
  await signInByApi(learnerPage, learner);
  await learnerPage.goto(`/courses/${courseId}`);
  await expect(learnerPage.getByRole("heading", { level: 1, name: courseTitle })).toBeVisible();
  await openCourseTab(learnerPage, "Assessments");
  await learnerPage.getByRole("link", { name: `Start: ${quizTitle}` }).click();
  await expect(learnerPage.getByRole("heading", { level: 1, name: quizTitle })).toBeVisible();
  await expect(learnerPage.getByRole("group", { name: "Which planet is the largest?" })).toBeVisible();
  await learnerPage.getByRole("radio", { name: "Jupiter" }).check();
  await learnerPage.getByRole("button", { name: "Submit assessment" }).click();
  await learnerPage
    .getByRole("alertdialog", { name: "Submit this assessment?" })
    .getByRole("button", { name: "Submit" })
    .click();
  await expect(learnerPage.getByTestId("attempt-score")).toHaveText("2 / 2");
  await context.close();
});
