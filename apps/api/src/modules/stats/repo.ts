import type { PublicStats } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

export async function publicStats(db: Kysely<Database>): Promise<PublicStats> {
  const [people, courses] = await Promise.all([
    db
      .selectFrom("users")
      .where("status", "=", "active")
      .where("role", "in", ["learner", "instructor"])
      .select(["role", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("role")
      .execute(),
    db
      .selectFrom("courses")
      .where("published", "=", 1)
      .select([
        (eb) => eb.fn.countAll<number>().as("count"),
        (eb) => eb.fn.sum<number>("enrollment_count").as("enrolled"),
        (eb) => eb.fn.sum<number>("completion_count").as("completed"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const countOf = (role: string) => Number(people.find((p) => p.role === role)?.count ?? 0);
  const enrolled = Number(courses.enrolled ?? 0);
  return {
    students: countOf("learner"),
    courses: Number(courses.count),
    instructors: countOf("instructor"),
    successRate: enrolled > 0 ? Math.round((Number(courses.completed ?? 0) / enrolled) * 100) : null,
  };
}
