import { CATALOGUE_COUNT_CAP } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountCatalogue } from "../src/modules/courses/catalogue-counts.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCategory, makeCourse } from "./support/factories.js";

// The catalogue's totals come from trigger-kept counts (migration 034), not from counting courses.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pagination = async (query: string) => {
  const response = await t.app.inject({ method: "GET", url: `/api/courses?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().data.pagination;
};
const counted = async () =>
  Object.fromEntries(
    (await t.db.selectFrom("catalogue_counts").selectAll().execute()).map((r) => [r.scope, Number(r.count)]),
  );
const realCounts = async () => {
  const rows = await t.db.selectFrom("courses").select(["category_id"]).where("published", "=", 1).execute();
  const counts: Record<string, number> = { "*": rows.length };
  for (const { category_id } of rows)
    if (category_id) counts[`c:${category_id}`] = (counts[`c:${category_id}`] ?? 0) + 1;
  return counts;
};
/** The kept counts equal the courses' real counts (scopes counted down to 0 may stay as rows). */
const nonZero = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
const expectCountsTrue = async () => {
  expect(nonZero(await counted())).toEqual(nonZero(await realCounts()));
};

describe("catalogue totals", () => {
  it("follow every insert, publish, unpublish, move to another category and delete", async () => {
    const first = await makeCategory(t.db);
    const second = await makeCategory(t.db);
    const all = (await pagination("")).total;
    const course = await makeCourse(t.db, { category_id: first.id });
    await makeCourse(t.db, { category_id: first.id, published: 0 });
    expect(await pagination(`category=${first.id}`)).toMatchObject({ total: 1, capped: false });
    expect((await pagination("")).total).toBe(all + 1);

    await t.db.updateTable("courses").set({ category_id: second.id }).where("id", "=", course.id).execute();
    expect((await pagination(`category=${first.id}`)).total).toBe(0);
    expect((await pagination(`category=${second.id}`)).total).toBe(1);

    await t.db.updateTable("courses").set({ published: 0 }).where("id", "=", course.id).execute();
    expect((await pagination(`category=${second.id}`)).total).toBe(0);
    expect((await pagination("")).total).toBe(all);
    await t.db.updateTable("courses").set({ published: 1, title: "Again" }).where("id", "=", course.id).execute();
    expect((await pagination("")).total).toBe(all + 1);

    await t.db.deleteFrom("courses").where("id", "=", course.id).execute();
    expect((await pagination("")).total).toBe(all);
    await t.db.deleteFrom("categories").where("id", "=", first.id).execute();
    await expectCountsTrue();
  });

  it("are set right again by the restore's recount", async () => {
    await makeCourse(t.db);
    await t.db.updateTable("catalogue_counts").set({ count: 12345 }).execute();
    await recountCatalogue(t.db);
    await expectCountsTrue();
  });

  it("of a search count matches up to the cap, and say when more match", async () => {
    const word = `capword${Date.now()}`;
    const few = await pagination(`search=${word}`);
    expect(few).toMatchObject({ total: 0, capped: false });
    const template = await makeCourse(t.db, { title: `${word} template` });
    const rows = Array.from({ length: CATALOGUE_COUNT_CAP + 5 }, (_, i) => ({
      ...template,
      id: `${template.id.slice(0, 16)}${i.toString(16).padStart(8, "0")}`,
      title: `${word} ${i}`,
      course_code: `CAP-${i}`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto("courses")
        .values(rows.slice(i, i + 200))
        .execute();
    expect(await pagination(`search=${word}&limit=50`)).toEqual({
      page: 1,
      limit: 50,
      total: CATALOGUE_COUNT_CAP,
      pages: CATALOGUE_COUNT_CAP / 50,
      capped: true,
    });
    await expectCountsTrue();
  });
});
