import type { Insertable, Transaction } from "kysely";
import { newId } from "../../db/ids.js";
import type { CoursesTable, Database } from "../../db/types.js";
import { copyLtiLinks } from "../lti/copy.js";

type Trx = Transaction<Database>;
/** Rows per INSERT: a few statements for a large course, well below both databases' parameter limits. */
const CHUNK = 100;

async function insertChunked<T extends keyof Database>(trx: Trx, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** An ISO date moved by whole days (a day is 24 hours: dates are stored in UTC). */
export const shiftDate = (value: string | null, days: number): string | null =>
  value === null ? null : new Date(Date.parse(value) + days * 86_400_000).toISOString();

export interface CopyPlan {
  source: CoursesTable;
  course: CoursesTable;
  offsetDays: number;
  actorId: string;
  now: string;
}

export interface CopyCounts {
  modules: number;
  lessons: number;
  files: number;
  materials: number;
  assessments: number;
  questions: number;
}

/**
 * Inserts the new course and a copy of its source's teaching content, with new ids, in the caller's
 * transaction. Stored files are shared by key, not duplicated: a file goes only once no row points
 * at it (storage/discard.ts, the orphan sweep), so either course may delete its rows freely.
 * Nothing about people comes along: no enrollments, attempts, overrides, notes, discussions,
 * messages, sessions, announcements, certificates, reviews or activity.
 */
export async function copyCourseRows(trx: Trx, plan: CopyPlan): Promise<CopyCounts> {
  const { source, course, offsetDays, actorId, now } = plan;
  const from = source.id;
  const stamp = { created_at: now, updated_at: now };
  await trx.insertInto("courses").values(course).execute();

  const picture = await trx.selectFrom("course_pictures").selectAll().where("course_id", "=", from).executeTakeFirst();
  if (picture)
    await trx
      .insertInto("course_pictures")
      .values({ ...picture, course_id: course.id, updated_at: now })
      .execute();

  const forum = await trx
    .selectFrom("discussion_settings")
    .selectAll()
    .where("course_id", "=", from)
    .executeTakeFirst();
  if (forum)
    await trx
      .insertInto("discussion_settings")
      .values({ ...forum, course_id: course.id })
      .execute();

  const moduleIds = new Map<string, string>();
  const modules = await trx.selectFrom("modules").selectAll().where("course_id", "=", from).execute();
  await insertChunked(
    trx,
    "modules",
    modules.map((row) => {
      const id = newId();
      moduleIds.set(row.id, id);
      return { ...row, ...stamp, id, course_id: course.id };
    }),
  );

  const lessonIds = new Map<string, string>();
  const lessons = await trx.selectFrom("lessons").selectAll().where("course_id", "=", from).execute();
  await insertChunked(
    trx,
    "lessons",
    lessons.map((row) => {
      const id = newId();
      lessonIds.set(row.id, id);
      return { ...row, ...stamp, id, course_id: course.id, module_id: moduleIds.get(row.module_id) ?? "" };
    }),
  );

  const fileIds = new Map<string, string>();
  const files = await trx.selectFrom("lesson_files").selectAll().where("course_id", "=", from).execute();
  await insertChunked(
    trx,
    "lesson_files",
    files.map((row) => {
      const id = newId();
      fileIds.set(row.id, id);
      return { ...row, id, created_at: now, course_id: course.id, lesson_id: lessonIds.get(row.lesson_id) ?? "" };
    }),
  );
  await copyLtiLinks(trx, { from, to: course.id, lessons: lessonIds, files: fileIds, now });

  const materials = await trx.selectFrom("materials").selectAll().where("course_id", "=", from).execute();
  await insertChunked(
    trx,
    "materials",
    materials.map((row) => ({
      ...row,
      ...stamp,
      id: newId(),
      course_id: course.id,
      downloads: 0,
      uploaded_by: actorId,
    })),
  );

  const assessmentIds = new Map<string, string>();
  const assessments = await trx.selectFrom("assessments").selectAll().where("course_id", "=", from).execute();
  await insertChunked(
    trx,
    "assessments",
    assessments.map((row) => {
      const id = newId();
      assessmentIds.set(row.id, id);
      return {
        ...row,
        ...stamp,
        id,
        course_id: course.id,
        created_by: actorId,
        available_from: shiftDate(row.available_from, offsetDays),
        due_date: shiftDate(row.due_date, offsetDays),
      };
    }),
  );

  const questions =
    assessments.length === 0
      ? []
      : await trx
          .selectFrom("assessment_questions")
          .selectAll()
          .where("assessment_id", "in", [...assessmentIds.keys()])
          .execute();
  await insertChunked(
    trx,
    "assessment_questions",
    questions.map((row) => ({
      ...row,
      ...stamp,
      id: newId(),
      assessment_id: assessmentIds.get(row.assessment_id) ?? "",
    })),
  );

  return {
    modules: modules.length,
    lessons: lessons.length,
    files: files.length,
    materials: materials.length,
    assessments: assessments.length,
    questions: questions.length,
  };
}
