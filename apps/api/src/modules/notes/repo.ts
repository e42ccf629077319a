import type { Kysely, Selectable } from "kysely";
import type { Database, LessonNotesTable } from "../../db/types.js";

type Db = Kysely<Database>;
export type NoteRow = Selectable<LessonNotesTable>;

export const findNote = (db: Db, userId: string, lessonId: string) =>
  db
    .selectFrom("lesson_notes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("lesson_id", "=", lessonId)
    .executeTakeFirst();

/** Creates the note unless one exists already (another device created it meanwhile): false then. */
export async function insertNoteIfAbsent(db: Db, row: NoteRow): Promise<boolean> {
  const result = await db
    .insertInto("lesson_notes")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "lesson_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Replaces the note's text only if it is still at version `base`: false when it moved on. */
export async function updateNoteIfAt(
  db: Db,
  key: { userId: string; lessonId: string; base: string },
  change: { content: string; updatedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable("lesson_notes")
    .set({ content: change.content, updated_at: change.updatedAt })
    .where("user_id", "=", key.userId)
    .where("lesson_id", "=", key.lessonId)
    .where("updated_at", "=", key.base)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the note only if it is still at version `base`: false when it moved on. */
export async function deleteNoteIfAt(db: Db, key: { userId: string; lessonId: string; base: string }) {
  const result = await db
    .deleteFrom("lesson_notes")
    .where("user_id", "=", key.userId)
    .where("lesson_id", "=", key.lessonId)
    .where("updated_at", "=", key.base)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A user's notes of one course with their lesson and module, in course order; draft lessons only when asked. */
export function courseNotes(db: Db, userId: string, courseId: string, withDraftLessons: boolean) {
  let query = db
    .selectFrom("lesson_notes")
    .innerJoin("lessons", "lessons.id", "lesson_notes.lesson_id")
    .innerJoin("modules", "modules.id", "lessons.module_id")
    .select([
      "lesson_notes.lesson_id",
      "lesson_notes.content",
      "lesson_notes.updated_at",
      "lessons.title as lesson_title",
      "modules.id as module_id",
      "modules.title as module_title",
    ])
    .where("lesson_notes.user_id", "=", userId)
    .where("lesson_notes.course_id", "=", courseId);
  if (!withDraftLessons) query = query.where("lessons.is_published", "=", 1);
  return query
    .orderBy("modules.sort_order")
    .orderBy("modules.id")
    .orderBy("lessons.sort_order")
    .orderBy("lessons.id")
    .execute();
}
