import { expect, type Page, test } from "@playwright/test";
import { startLtiTool } from "../../api/test/support/lti-tool";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { openCourseTab } from "./support/course-tabs";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { E2E_BASE_URL } from "./support/env";

const PHONE = { width: 360, height: 780 };

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(`${name}-360-light.png`), fullPage });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: test.info().outputPath(`${name}-360-dark.png`), fullPage });
  await page.emulateMedia({ colorScheme: "light" });
}

test("an admin registers an LTI tool, an instructor adds its content by deep linking, a learner launches it and the score it posts lands in the gradebook", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tool = await startLtiTool();
  try {
    const { courseId, instructor } = await createCourseWithModule(request, `LTI course ${unique()}`);
    await publish(request, courseId);
    const learner = await registerLearner(request, "Labrat");
    await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
    const toolName = `Virtual lab tool ${unique()}`;

    // The admin registers the tool on the LTI tools page, at phone width.
    const admin = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInByApi(admin, DEMO.admin);
    await admin.goto("/admin/lti-tools");
    await expect(admin.getByRole("heading", { level: 1, name: "LTI tools" })).toBeVisible();
    await expect(admin.getByRole("textbox", { name: "Issuer", exact: true })).toHaveValue(E2E_BASE_URL);
    const platform = {
      issuer: await admin.getByRole("textbox", { name: "Issuer", exact: true }).inputValue(),
      authorizationUrl: await admin.getByRole("textbox", { name: "Authorization URL", exact: true }).inputValue(),
      tokenUrl: await admin.getByRole("textbox", { name: "Access token URL", exact: true }).inputValue(),
      jwksUrl: await admin.getByRole("textbox", { name: "Public keyset (JWKS) URL", exact: true }).inputValue(),
    };
    expect(platform.tokenUrl).toBe(`${E2E_BASE_URL}/api/lti/token`);
    await audit(admin, "LTI tools page");
    await shoot(admin, "lti-tools");
    await admin.getByRole("button", { name: "Register tool" }).first().click();
    const form = admin.getByRole("dialog", { name: "Register an LTI tool" });
    await form.getByLabel("Name", { exact: true }).fill(toolName);
    await form.getByLabel("OIDC login URL").fill(tool.loginUrl);
    await form.getByLabel("Launch URL", { exact: true }).fill(tool.launchUrl);
    await form.getByLabel("Deep-linking URL (optional)").fill(tool.deepLinkingUrl);
    await form.getByLabel("The tool's JWKS URL").fill("not an address");
    await form.getByRole("checkbox", { name: "Assignment and Grade Services" }).check();
    await form.getByRole("checkbox", { name: "Names and Role Provisioning Services" }).check();
    await form.getByLabel("Custom parameters").fill("lab=optics");
    await form.getByRole("button", { name: "Register" }).click();
    // The server's field error lands under its field.
    await expect(form.getByText("Give a full https:// or http:// address")).toBeVisible();
    await audit(admin, "Register an LTI tool dialog with a field error");
    await form.getByLabel("The tool's JWKS URL").fill(tool.jwksUrl);
    await form.getByRole("button", { name: "Register" }).click();
    const registered = admin.getByRole("dialog", { name: "Tool registered" });
    const clientId = await registered.getByRole("textbox", { name: "Client ID", exact: true }).inputValue();
    const deploymentId = await registered.getByRole("textbox", { name: "Deployment ID", exact: true }).inputValue();
    expect(clientId).not.toBe("");
    expect(deploymentId).not.toBe("");
    await audit(admin, "Tool registered dialog");
    await shoot(admin, "lti-tool-registered");
    await registered.getByRole("button", { name: "Done" }).click();
    await expect(admin.getByTestId("lti-tool").filter({ hasText: toolName })).toContainText(clientId);
    tool.register(platform, { clientId, deploymentIds: [deploymentId] });

    // Editing shows what was registered; the platform key is rotated before any launch is signed.
    await admin.getByRole("button", { name: `Edit ${toolName}` }).click();
    const edit = admin.getByRole("dialog", { name: `Edit ${toolName}` });
    await expect(edit.getByLabel("Custom parameters")).toHaveValue("lab=optics");
    await expect(edit.getByRole("checkbox", { name: "Assignment and Grade Services" })).toBeChecked();
    await audit(admin, "Edit LTI tool dialog");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await admin.getByRole("button", { name: "Rotate platform key" }).click();
    const rotate = admin.getByRole("alertdialog", { name: "Rotate the platform key?" });
    await audit(admin, "Rotate platform key confirmation");
    await rotate.getByRole("button", { name: "Rotate key" }).click();
    await expect(admin.locator("[data-sonner-toast]").filter({ hasText: "A new platform key signs" })).toBeVisible();

    // A tool without deep linking (registered through the api) is placed as a plain link; an unused one is deleted.
    const adminApi = await apiAs(request, DEMO.admin);
    const linkTool = `Lab notebook ${unique()}`;
    const spareTool = `Spare tool ${unique()}`;
    for (const name of [linkTool, spareTool]) {
      await adminApi.post("/admin/lti/tools", {
        name,
        loginUrl: tool.loginUrl,
        launchUrl: tool.launchUrl,
        jwksUrl: tool.jwksUrl,
        services: [],
      });
    }
    await admin.reload();
    await admin.getByRole("button", { name: `Delete ${spareTool}` }).click();
    const confirmDelete = admin.getByRole("alertdialog", { name: `Delete ${spareTool}?` });
    await audit(admin, "Delete LTI tool confirmation");
    await confirmDelete.getByRole("button", { name: "Delete tool" }).click();
    await expect(admin.locator("[data-sonner-toast]").filter({ hasText: "Tool deleted." })).toBeVisible();
    await expect(admin.getByTestId("lti-tool").filter({ hasText: spareTool })).toHaveCount(0);

    // The instructor adds "Virtual lab" by deep linking.
    const teacher = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInByApi(teacher, DEMO.instructor);
    await teacher.goto(`/courses/${courseId}`);
    await openCourseTab(teacher, "Content");
    await teacher.getByRole("button", { name: "Add from an LTI tool to Getting started" }).click();
    const picker = teacher.getByRole("dialog", { name: "Add from an LTI tool" });
    await picker.getByLabel("Tool", { exact: true }).selectOption({ label: linkTool });
    await picker.getByLabel("Lesson title").fill("Lab notebook");
    await picker.getByLabel("Maximum points (optional)").fill("20");
    await audit(teacher, "Add from an LTI tool dialog: a plain link");
    await picker.getByRole("button", { name: "Add link" }).click();
    await expect(teacher.locator("[data-sonner-toast]").filter({ hasText: "Tool link added." })).toBeVisible();
    await expect(teacher.getByText("Lab notebook", { exact: true }).first()).toBeVisible();

    await teacher.getByRole("button", { name: "Add from an LTI tool to Getting started" }).click();
    await picker.getByLabel("Tool", { exact: true }).selectOption({ label: toolName });
    await audit(teacher, "Add from an LTI tool dialog: deep linking");
    await picker.getByRole("button", { name: `Choose content in ${toolName}` }).click();
    const chooser = teacher.frameLocator(`iframe[title="${toolName}: choose content"]`);
    await expect(chooser.getByRole("button", { name: "Add to course" })).toBeVisible();
    await shoot(teacher, "lti-deep-linking");
    await chooser.getByRole("button", { name: "Add to course" }).click();
    await expect(teacher.locator("[data-sonner-toast]").filter({ hasText: "Added 1 item" })).toBeVisible();
    await expect(picker).toHaveCount(0);
    await expect(teacher.getByText("Virtual lab", { exact: true }).first()).toBeVisible();
    await shoot(teacher, "lti-content");

    const { course } = await instructor.get<{ course: { modules: { lessons: { _id: string; title: string }[] }[] } }>(
      `/instructor/courses/${courseId}`,
    );
    const lessonId = course.modules[0].lessons.find((lesson) => lesson.title === "Virtual lab")?._id;
    expect(lessonId).toBeTruthy();

    // The learner opens the lesson and launches the tool inside the page; the tool knows who it is.
    const student = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInByApi(student, learner);
    await student.goto(`/courses/${courseId}/lessons/${lessonId}`);
    await expect(student.getByText(toolName, { exact: true })).toBeVisible();
    await audit(student, "LTI lesson before the launch");
    await student.getByRole("button", { name: `Open ${toolName}` }).click();
    const frame = student.frameLocator(`iframe[title="${toolName}"]`);
    await expect(frame.getByText(`Hello ${learner.name}`)).toBeVisible();
    await expect(frame.getByText("Resource link: Virtual lab")).toBeVisible();
    await shoot(student, "lti-launch", false);
    await audit(student, "LTI lesson with the tool open");
    await frame.getByRole("button", { name: "Send score" }).click();
    await expect(frame.getByText("Score sent: 8 / 10 (204)")).toBeVisible();

    // The score is in the instructor's gradebook, in the Virtual lab column.
    await teacher.goto(`/courses/${courseId}`);
    await openCourseTab(teacher, "Gradebook");
    const table = teacher.getByRole("table", { name: /Gradebook of/ });
    await expect(table.getByRole("columnheader", { name: /Virtual lab/ })).toContainText("LTI tool");
    await expect(table.getByRole("row", { name: new RegExp(learner.name) })).toContainText("80%");
    await audit(teacher, "Gradebook with an LTI column");
    await shoot(teacher, "lti-gradebook");
  } finally {
    await tool.close();
  }
});
