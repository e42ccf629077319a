import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { type Api, apiAs, createCourseWithModule, publish, unique } from "./support/courses";

/**
 * Seeded learners with a balance of their own (the demo seed gives every learner 500 credits);
 * no other spec signs in as them, so the balances seen here move only with these tests.
 */
const WITH_CREDITS = { email: "ethan.wilson@example.com", password: "Learner123!", home: "/dashboard" };
const NEARLY_ENOUGH = { email: "yuki.sato@example.com", password: "Learner123!", home: "/dashboard" };

const PRICE = 35;

const balanceOf = async (api: Api) => (await api.get<{ user: { credits: number } }>("/auth/profile")).user.credits;

async function enrolledIn(api: Api, courseId: string): Promise<boolean> {
  const { courses } = await api.get<{ courses: { _id: string }[] }>("/users/enrolled-courses?limit=100");
  return courses.some((course) => course._id === courseId);
}

test("a paid enrollment shows price and balances first; cancelling spends nothing, confirming spends the price", async ({
  page,
  request,
}) => {
  const title = `Confirm first ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title, PRICE);
  await publish(request, courseId);
  const learner = await apiAs(request, WITH_CREDITS);
  const before = await balanceOf(learner);
  expect(before).toBeGreaterThanOrEqual(PRICE);

  await signIn(page, WITH_CREDITS);
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const enroll = page.getByRole("button", { name: `Enroll for ${PRICE} credits` });

  // Asked first: price, balance now, balance after.
  await enroll.click();
  const dialog = page.getByRole("alertdialog", { name: "Confirm enrollment" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog.getByTestId("enroll-price")).toHaveText(`${PRICE} credits`);
  await expect(dialog.getByTestId("enroll-balance")).toHaveText(`${before} credits`);
  await expect(dialog.getByTestId("enroll-after")).toHaveText(`${before - PRICE} credits`);

  // Cancel: nothing was sent.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(enroll).toBeEnabled();
  expect(await balanceOf(learner)).toBe(before);
  expect(await enrolledIn(learner, courseId)).toBe(false);

  // Confirm: enrolled, and the price is taken once.
  await enroll.click();
  await expect(dialog.getByTestId("enroll-after")).toHaveText(`${before - PRICE} credits`);
  await dialog.getByRole("button", { name: "Confirm enrollment" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "You are now enrolled in this course" }),
  ).toBeVisible();
  await expect(page.getByTestId("course-progress")).toHaveText("0%");
  expect(await enrolledIn(learner, courseId)).toBe(true);
  expect(await balanceOf(learner)).toBe(before - PRICE);

  // The balance the interface shows follows: the next paid course starts from the new balance.
  const { courseId: nextId } = await createCourseWithModule(request, `Next ${unique()}`, PRICE);
  await publish(request, nextId);
  await page.goto(`/courses/${nextId}`);
  await expect(page.getByText(`You have ${before - PRICE} credits.`)).toBeVisible();
});

test("a learner whose balance is too low is told how much is missing and cannot send", async ({ page, request }) => {
  const learner = await apiAs(request, NEARLY_ENOUGH);
  const balance = await balanceOf(learner);
  const price = balance + 7;
  const { courseId } = await createCourseWithModule(request, `Just too dear ${unique()}`, price);
  await publish(request, courseId);

  await signIn(page, NEARLY_ENOUGH);
  let enrollCalls = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/courses/${courseId}/enroll`)) enrollCalls++;
  });
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByText(`You have ${balance} credits.`)).toBeVisible();
  await expect(page.getByText("Insufficient credits to enroll in this course. You need 7 more credits.")).toBeVisible();
  const enroll = page.getByRole("button", { name: `Enroll for ${price} credits` });
  await expect(enroll).toBeDisabled();
  await enroll.click({ force: true });
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  expect(enrollCalls).toBe(0);
  expect(await balanceOf(learner)).toBe(balance);
  expect(await enrolledIn(learner, courseId)).toBe(false);
});
