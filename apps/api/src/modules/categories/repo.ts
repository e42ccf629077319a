import type { Category } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** Categories by name with the number of published courses in each. */
export async function listCategoriesWithCounts(db: Kysely<Database>): Promise<Category[]> {
  const rows = await db
    .selectFrom("categories")
    .leftJoin("courses", (join) =>
      join.onRef("courses.category_id", "=", "categories.id").on("courses.published", "=", 1),
    )
    .select(["categories.id", "categories.name", (eb) => eb.fn.count<number>("courses.id").as("course_count")])
    .groupBy(["categories.id", "categories.name"])
    .orderBy("categories.name")
    .execute();
  return rows.map((r) => ({ _id: r.id, name: r.name, courseCount: Number(r.course_count) }));
}

/** Another category with the same name, compared without case. */
export const findCategoryNamed = (db: Kysely<Database>, name: string, exceptId?: string) => {
  let q = db
    .selectFrom("categories")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId) q = q.where("id", "!=", exceptId);
  return q.executeTakeFirst();
};

export const findCategory = (db: Kysely<Database>, id: string) =>
  db.selectFrom("categories").selectAll().where("id", "=", id).executeTakeFirst();

export async function insertCategory(db: Kysely<Database>, row: { id: string; name: string; created_at: string }) {
  await db.insertInto("categories").values(row).execute();
}

export async function renameCategory(db: Kysely<Database>, id: string, name: string) {
  await db.updateTable("categories").set({ name }).where("id", "=", id).execute();
}

export async function deleteCategory(db: Kysely<Database>, id: string) {
  await db.deleteFrom("categories").where("id", "=", id).execute();
}

export async function categoryCourseCounts(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("courses")
    .select([
      (eb) => eb.fn.countAll().as("all"),
      (eb) =>
        eb.fn.sum<number | string | null>(eb.case().when("published", "=", 1).then(1).else(0).end()).as("published"),
    ])
    .where("category_id", "=", id)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), published: Number(row.published ?? 0) };
}
