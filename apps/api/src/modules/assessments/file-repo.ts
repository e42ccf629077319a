import type { Kysely, Selectable, Transaction } from "kysely";
import type { AssessmentAnswerFilesTable, Database } from "../../db/types.js";
import { imageKeysOf } from "./repo.js";

type Db = Kysely<Database> | Transaction<Database>;
export type AnswerFileRow = Selectable<AssessmentAnswerFilesTable>;

export const filesOf = (db: Db, attemptId: string) =>
  db.selectFrom("assessment_answer_files").selectAll().where("attempt_id", "=", attemptId).execute();

export const findFile = (db: Db, id: string) =>
  db.selectFrom("assessment_answer_files").selectAll().where("id", "=", id).executeTakeFirst();

export const findQuestionFile = (db: Db, attemptId: string, questionId: string) =>
  db
    .selectFrom("assessment_answer_files")
    .selectAll()
    .where("attempt_id", "=", attemptId)
    .where("question_id", "=", questionId)
    .executeTakeFirst();

/** Puts `row` in place of the question's file; returns the storage key of the one it replaced. */
export async function replaceFile(db: Db, row: AnswerFileRow): Promise<string | null> {
  const previous = await findQuestionFile(db, row.attempt_id, row.question_id);
  if (previous) await db.deleteFrom("assessment_answer_files").where("id", "=", previous.id).execute();
  await db.insertInto("assessment_answer_files").values(row).execute();
  return previous?.storage_key ?? null;
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom("assessment_answer_files").where("id", "=", id).execute();
}

/** The storage keys of every answer file of an assessment (to remove them with it). */
export async function fileKeysOfAssessment(db: Db, assessmentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("assessment_answer_files")
    .innerJoin("assessment_attempts", "assessment_attempts.id", "assessment_answer_files.attempt_id")
    .select("assessment_answer_files.storage_key")
    .where("assessment_attempts.assessment_id", "=", assessmentId)
    .execute();
  return rows.map((r) => r.storage_key);
}

/** The answer files and question images of every assessment of a course (to remove them with it). */
export async function courseAssessmentFileKeys(db: Db, courseId: string): Promise<string[]> {
  const assessments = await db.selectFrom("assessments").select("id").where("course_id", "=", courseId).execute();
  const keys: string[] = [];
  for (const { id } of assessments) keys.push(...(await fileKeysOfAssessment(db, id)), ...(await imageKeysOf(db, id)));
  return keys;
}
