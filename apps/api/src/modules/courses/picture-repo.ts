import type { Kysely, Transaction } from "kysely";
import type { CoursePicturesTable, Database } from "../../db/types.js";

type Executor = Kysely<Database> | Transaction<Database>;

export const findPicture = (db: Executor, courseId: string) =>
  db.selectFrom("course_pictures").selectAll().where("course_id", "=", courseId).executeTakeFirst();

export async function savePicture(db: Executor, row: CoursePicturesTable) {
  await db
    .insertInto("course_pictures")
    .values(row)
    .onConflict((oc) =>
      oc.column("course_id").doUpdateSet({ storage_key: row.storage_key, mime: row.mime, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deletePicture(db: Executor, courseId: string) {
  await db.deleteFrom("course_pictures").where("course_id", "=", courseId).execute();
}

/** The course's own uploads outside its content: its picture and question images not attached yet. */
export async function courseUploadKeys(db: Executor, courseId: string): Promise<string[]> {
  const picture = await db
    .selectFrom("course_pictures")
    .select("storage_key")
    .where("course_id", "=", courseId)
    .execute();
  const pending = await db
    .selectFrom("pending_question_images")
    .select("storage_key")
    .where("course_id", "=", courseId)
    .execute();
  return [...picture, ...pending].map((row) => row.storage_key);
}
