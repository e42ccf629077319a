import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { audit, signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { makePdf } from "./support/files";

/** A published one-lesson course with one PDF, completed by a new learner through the api. */
async function completedCourse(request: APIRequestContext) {
  const title = `Certified ${unique()}`;
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  const base = `/instructor/courses/${courseId}/modules/${moduleId}/lessons`;
  const { lesson } = await instructor.post<{ lesson: { _id: string } }>(base, { title: "Only lesson" });
  const { file } = await instructor.upload<{ file: { _id: string } }>(`${base}/${lesson._id}/content`, "content", {
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: makePdf(1),
  });
  await publish(request, courseId);
  const account = await registerLearner(request, "Graduate");
  const learner = await apiAs(request, account);
  await learner.post(`/courses/${courseId}/enroll`);
  await learner.post(`/courses/${courseId}/lessons/${lesson._id}/progress`, { fileId: file._id });
  return { courseId, title, account };
}

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
}

test("a learner downloads the certificate PDF from the course page and a signed-out visitor verifies it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { courseId, title, account } = await completedCourse(request);
  await signInByApi(page, account);
  await page.goto(`/courses/${courseId}`);

  const card = page.getByTestId("course-certificate");
  await expect(card.getByRole("heading", { name: "Your certificate" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  const certificateId = /^certificate-([a-z2-7]{26})\.pdf$/.exec(download.suggestedFilename())?.[1] ?? "";
  expect(certificateId).not.toBe("");
  const text = await pdfText(await download.path());
  expect(text).toContain(account.name);
  expect(text).toContain(title);
  expect(text).toContain(certificateId);
  expect(text).toContain(`/certificates/${certificateId}`);

  // The profile lists it too.
  await page.goto("/profile");
  await expect(page.getByTestId("certificate-item").filter({ hasText: title })).toBeVisible();

  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: "dark" });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/certificates/${certificateId}`);
  await expect(anonymous.getByTestId("certificate-status")).toHaveText("Valid certificate");
  await expect(anonymous.getByText(account.name)).toBeVisible();
  await expect(anonymous.getByText(title)).toBeVisible();
  await expect(anonymous.getByText("The signature of the stored credential is valid.")).toBeVisible();
  await expect(anonymous.getByText(account.email)).toHaveCount(0);
  expect(await anonymous.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await audit(anonymous, "certificate verification");

  await anonymous.goto("/certificates/aaaaaaaaaaaaaaaaaaaaaaaaaa");
  await expect(anonymous.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
  await visitor.close();
});
