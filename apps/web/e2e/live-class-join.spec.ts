import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { JITSI, makeLiveCourse, scheduleByApi, stubMeetingProvider } from "./support/live-sessions";

const TWO_DAYS = 2 * 24 * 3600_000;

test("a teacher starts a class two days early after confirming; the learner is told and joins from the dashboard", async ({
  browser,
  request,
}) => {
  const course = await makeLiveCourse(request);
  const title = `Live class ${course.title.slice(-8)}`;
  await scheduleByApi(request, course, title, Date.now() + TWO_DAYS);
  const instructorContext = await browser.newContext();
  const learnerContext = await browser.newContext();
  await stubMeetingProvider(instructorContext);
  await stubMeetingProvider(learnerContext);
  const instructor = await instructorContext.newPage();
  const learner = await learnerContext.newPage();

  // Start, two days ahead: the teacher is asked first, and Cancel leaves the session as it was.
  await signInByApi(instructor, DEMO.instructor);
  await instructor.goto(`/courses/${course.courseId}`);
  await instructor.getByRole("tab", { name: "Sessions" }).click();
  const managed = instructor
    .getByRole("region", { name: "Live sessions" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await managed.getByRole("button", { name: /^Start: / }).click();
  const question = instructor.getByRole("alertdialog", { name: "Start this session early?" });
  await expect(question).toContainText("moves its start to now");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(managed.getByText("Upcoming", { exact: true })).toBeVisible();

  await managed.getByRole("button", { name: /^Start: / }).click();
  const hostTab = instructor.waitForEvent("popup");
  await question.getByRole("button", { name: "Start now" }).click();
  await expect(await hostTab).toHaveURL(new RegExp(`^${JITSI}`));
  await expect(managed.getByText("Live", { exact: true })).toBeVisible();

  // The learner's bell tells them, and its link leads to the dashboard, where Join opens the meeting.
  await signInByApi(learner, course.learner);
  await learner.goto("/courses");
  const bell = learner.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const notice = learner.getByTestId("notification").filter({ hasText: `Session started: ${title}` });
  await expect(notice).toContainText("Join it from your dashboard");
  await notice.getByRole("link", { name: `Session started: ${title}` }).click();
  await expect(learner).toHaveURL("/dashboard");

  const activities = learner.getByRole("region", { name: "Upcoming" });
  const activity = activities.getByRole("listitem").filter({ hasText: title });
  await expect(activity.getByText("Ongoing", { exact: true })).toBeVisible();
  const answer = learner.waitForResponse((r) => r.url().endsWith("/join") && r.request().method() === "POST");
  const meetingTab = learner.waitForEvent("popup");
  await activity.getByRole("button", { name: "Join" }).click();
  const { data } = await (await answer).json();
  expect(data.joinUrl.startsWith(JITSI)).toBe(true);
  await expect(await meetingTab).toHaveURL(data.joinUrl);

  // Ended now, it reads when it really ended, not two days ahead.
  await managed.getByRole("button", { name: "End Session" }).click();
  const today = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short" }).format(new Date());
  await expect(managed.getByText(/^Ended · /)).toContainText(today);

  await instructorContext.close();
  await learnerContext.close();
});
