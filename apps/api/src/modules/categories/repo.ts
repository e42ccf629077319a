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
