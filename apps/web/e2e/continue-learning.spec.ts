import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

test("Continue Learning offers See all only when the learner has more than three courses (Start at 0 %)", async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request, "Keen");
  const api = await apiAs(request, learner);
  const enrollInNewCourse = async () => {
    const { courseId } = await createCourseWithModule(request, `Continue ${unique()}`);
    await publish(request, courseId);
    await api.post(`/courses/${courseId}/enroll`);
  };
  for (let i = 0; i < 3; i++) await enrollInNewCourse();

  await signIn(page, { ...learner, home: "/dashboard" });
  const continueLearning = page.getByRole("region", { name: "Continue Learning" });
  await expect(continueLearning.getByRole("link", { name: /^Start/ })).toHaveCount(3);
  await expect(continueLearning.getByRole("link", { name: /See all/ })).toHaveCount(0);

  await enrollInNewCourse();
  await page.reload();
  await expect(continueLearning.getByRole("link", { name: /^Start/ })).toHaveCount(3);
  await continueLearning.getByRole("link", { name: "See all your courses" }).click();
  await expect(page).toHaveURL("/courses");
  await expect(page.getByRole("list", { name: "Your courses" }).getByRole("link")).toHaveCount(4);
});
