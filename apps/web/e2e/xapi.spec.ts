import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, settled, signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

interface Statement {
  id: string;
  actor: { account: { homePage: string; name: string } };
  verb: { id: string };
  object: { id: string };
  version: string;
}

test.describe("xAPI statements", () => {
  test("an admin downloads today's statements, which hold the learner's forum post", async ({ page, request }) => {
    const { courseId } = await createCourseWithModule(request, `xAPI course ${unique()}`);
    await publish(request, courseId);
    const learner = await registerLearner(request, "Recorded");
    const api = await apiAs(request, learner);
    await api.post(`/courses/${courseId}/enroll`);
    const { thread } = await api.post<{ thread: { _id: string } }>(`/courses/${courseId}/discussions`, {
      title: "Recorded question",
      body: "<p>Does this reach the LRS?</p>",
    });

    await page.setViewportSize({ width: 360, height: 800 });
    await signInByApi(page, DEMO.admin);
    await page.goto("/activity");
    await settled(page);
    const panel = page.getByRole("region", { name: "xAPI statements" });
    await expect(panel.getByLabel("From")).toHaveValue(new Date().toISOString().slice(0, 10));
    await audit(page, "activity page with the xAPI export at 360 px");

    await panel.getByLabel("To").focus();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^xapi-statements-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.json$/);
    const statements = JSON.parse(readFileSync(await download.path(), "utf8")) as Statement[];
    expect(Array.isArray(statements)).toBe(true);
    const post = statements.find((s) => s.object.id.endsWith(`/courses/${courseId}/discussions/${thread._id}`));
    expect(post?.verb.id).toBe("http://adlnet.gov/expapi/verbs/commented");
    expect(post?.actor.account.name).toBe(learner._id);
    expect(post?.version).toBe("1.0.3");
  });

  test("a learner downloads their own learning records", async ({ page, request }) => {
    const learner = await registerLearner(request, "Owner");
    await page.setViewportSize({ width: 360, height: 800 });
    await signInByApi(page, learner);
    await page.goto("/activity");
    await settled(page);
    const button = page.getByRole("button", { name: "Download my learning records (xAPI)" });
    await audit(page, "learner's activity page with the xAPI download at 360 px");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe("my-xapi-statements.json");
    expect(JSON.parse(readFileSync(await download.path(), "utf8"))).toEqual([]);
  });
});
