import { courseListResponseSchema, LIMITS } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presentCourseSummary } from "../src/modules/courses/present.js";
import { findCourseWithNames } from "../src/modules/courses/repo.js";
import { courseSummaryJson } from "../src/modules/courses/summary-json.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCategory, makeCourse, makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every rating sum a course of 1 to 12 ratings (each 1 to 5) can have: the rounding of averageRating. */
const RATINGS = Array.from({ length: 12 }, (_, i) => i + 1).flatMap((count) =>
  Array.from({ length: 4 * count + 1 }, (_, k) => ({ count, sum: count + k })),
);

async function catalogueOf(categoryId: string) {
  const courses = [];
  for (let page = 1; ; page++) {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/courses?category=${categoryId}&limit=${LIMITS.pageSizeMax}&page=${page}`,
    });
    const body = courseListResponseSchema.parse(response.json());
    courses.push(...body.data.courses);
    if (page >= body.data.pagination.pages) return courses;
  }
}

describe("the catalogue's summaries built by the database", () => {
  it("equal presentCourseSummary of the same courses, every average rating's rounding included", async () => {
    const category = await makeCategory(t.db, 'Summary "JSON" Cat');
    const teacher = await makeUser(t.db, { role: "instructor", name: "Zoë O'Brien \u2014 \\ teacher" });
    const made = [];
    for (const { count, sum } of RATINGS) {
      made.push(
        await makeCourse(t.db, {
          category_id: category.id,
          instructor_id: teacher.id,
          rating_count: count,
          rating_sum: sum,
          enrollment_count: count * 3,
        }),
      );
    }
    made.push(
      await makeCourse(t.db, {
        category_id: category.id,
        title: 'Quotes " and \\ back\nslash 🎓',
        tags: JSON.stringify(["ünïcode", 'qu"ote', ""]),
        thumbnail: "/thumbnails/x.svg",
        price_credits: 25,
        duration: 0,
      }),
    );
    const orphan = await makeCourse(t.db, { category_id: category.id, title: "Teacher removed" });
    await t.db.updateTable("courses").set({ instructor_id: null }).where("id", "=", orphan.id).execute();

    const listed = await catalogueOf(category.id);
    expect(listed).toHaveLength(made.length + 1);
    for (const summary of listed) {
      const row = await findCourseWithNames(t.db, summary._id);
      expect(summary).toStrictEqual(presentCourseSummary(row as NonNullable<typeof row>));
    }
    expect(listed.find((c) => c._id === orphan.id)).toMatchObject({ instructorId: null, instructor: null });
  });

  it("say false for a draft and null for a course without a category", async () => {
    const draft = await makeCourse(t.db, { published: 0, rating_count: 3, rating_sum: 10 });
    await t.db.updateTable("courses").set({ category_id: null }).where("id", "=", draft.id).execute();
    const row = await t.db
      .selectFrom("courses")
      .leftJoin("categories", "categories.id", "courses.category_id")
      .leftJoin("users", "users.id", "courses.instructor_id")
      .select(courseSummaryJson(t.db).as("summary"))
      .where("courses.id", "=", draft.id)
      .executeTakeFirstOrThrow();
    const course = await findCourseWithNames(t.db, draft.id);
    expect(JSON.parse(row.summary)).toStrictEqual(presentCourseSummary(course as NonNullable<typeof course>));
    expect(JSON.parse(row.summary)).toMatchObject({ published: false, categoryId: null, category: null });
  });
});
