import type { Kysely } from "kysely";

/**
 * Course lists order by a key and then by id; indexes ending in id let both databases page them
 * straight from the index instead of sorting every matching course (found at 10k courses).
 */
const REPLACED = [
  ["courses_published_popular_idx", ["published", "enrollment_count", "created_at"]],
  ["courses_published_created_idx", ["published", "created_at"]],
  ["courses_created_idx", ["created_at"]],
  ["courses_instructor_idx", ["instructor_id"]],
] as const;

const ADDED = [
  ["courses_published_popular_id_idx", ["published", "enrollment_count", "created_at", "id"]],
  ["courses_published_created_id_idx", ["published", "created_at", "id"]],
  ["courses_published_title_id_idx", ["published", "title", "id"]],
  ["courses_created_id_idx", ["created_at", "id"]],
  ["courses_instructor_created_id_idx", ["instructor_id", "created_at", "id"]],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of ADDED)
    await db.schema
      .createIndex(name)
      .on("courses")
      .columns([...columns])
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of ADDED) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of REPLACED)
    await db.schema
      .createIndex(name)
      .on("courses")
      .columns([...columns])
      .execute();
}
