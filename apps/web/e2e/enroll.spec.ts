import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const PRICE = 25;

test("a learner who is not enrolled sees the public course and enrolls with credits", async ({ page, request }) => {
  const title = `Paid course ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title, PRICE);
  await publish(request, courseId);
  const learner = await apiAs(request, DEMO.learner);
  const before = (await learner.get<{ user: { credits: number } }>("/auth/profile")).user.credits;

  await signIn(page, DEMO.learner);
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Getting started")).toBeVisible();
  await expect(page.getByText(`You have ${before} credits.`)).toBeVisible();
  await page.getByRole("button", { name: `Enroll for ${PRICE} credits` }).click();
  await page
    .getByRole("alertdialog", { name: "Confirm enrollment" })
    .getByRole("button", { name: "Confirm enrollment" })
    .click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "You are now enrolled in this course" }),
  ).toBeVisible();
  await expect(page.getByTestId("course-progress")).toHaveText("0%");
  await expect(page.getByRole("tab", { name: "Content" })).toBeVisible();

  const after = (await learner.get<{ user: { credits: number } }>("/auth/profile")).user.credits;
  expect(after).toBe(before - PRICE);
});

test("a learner without enough credits is told so and nothing is spent", async ({ page, request }) => {
  const { courseId } = await createCourseWithModule(request, `Too dear ${unique()}`, PRICE);
  await publish(request, courseId);
  const learner = await registerLearner(request, "Broke");

  await signIn(page, { ...learner, home: "/dashboard" });
  await page.goto(`/courses/${courseId}`);
  await expect(
    page.getByText("Insufficient credits to enroll in this course. You need 25 more credits."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: `Enroll for ${PRICE} credits` })).toBeDisabled();

  // The lesson viewer falls back to the same public information.
  await page.goto(`/courses/${courseId}/lessons/000000000000000000000000`);
  await expect(page.getByText("You do not have access to this course")).toBeVisible();
  await expect(page.getByRole("button", { name: `Enroll for ${PRICE} credits` })).toBeDisabled();
  const api = await apiAs(request, learner);
  expect((await api.get<{ user: { credits: number } }>("/auth/profile")).user.credits).toBe(0);
});
