import type { Kysely, Selectable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type { Database, LessonFilesTable, LessonsTable, ModulesTable } from "../../db/types.js";

type Db = Kysely<Database>;
export type ModuleRow = Selectable<ModulesTable>;
export type LessonRow = Selectable<LessonsTable>;
export type LessonFileRow = Selectable<LessonFilesTable>;

/** A course's modules, lessons and files in three queries, each in display order. */
const modulesOf = compiledOnce((db, courseId: string) =>
  db.selectFrom("modules").selectAll().where("course_id", "=", courseId).orderBy("sort_order").orderBy("id"),
);

function lessonsQuery(db: Db, courseId: string, publishedOnly: boolean) {
  let lessons = db.selectFrom("lessons").selectAll().where("course_id", "=", courseId);
  if (publishedOnly) lessons = lessons.where("is_published", "=", 1);
  return lessons.orderBy("sort_order").orderBy("id");
}

function filesQuery(db: Db, courseId: string, publishedOnly: boolean) {
  let files = db
    .selectFrom("lesson_files")
    .innerJoin("lessons", "lessons.id", "lesson_files.lesson_id")
    .selectAll("lesson_files")
    .where("lesson_files.course_id", "=", courseId);
  if (publishedOnly) files = files.where("lessons.is_published", "=", 1);
  return files.orderBy("lesson_files.id");
}

/** The course detail reads these for every reader whose course snapshot is not cached: compiled once. */
const CONTENT_QUERIES = {
  published: {
    lessons: compiledOnce((db, courseId: string) => lessonsQuery(db, courseId, true)),
    files: compiledOnce((db, courseId: string) => filesQuery(db, courseId, true)),
  },
  all: {
    lessons: compiledOnce((db, courseId: string) => lessonsQuery(db, courseId, false)),
    files: compiledOnce((db, courseId: string) => filesQuery(db, courseId, false)),
  },
};

export async function loadCourseContent(db: Db, courseId: string, { publishedOnly }: { publishedOnly: boolean }) {
  const queries = publishedOnly ? CONTENT_QUERIES.published : CONTENT_QUERIES.all;
  const [modules, lessons, files] = await Promise.all([
    modulesOf(db, courseId),
    queries.lessons(db, courseId),
    queries.files(db, courseId),
  ]);
  return { modules, lessons, files };
}

export const findModule = (db: Db, courseId: string, moduleId: string) =>
  db.selectFrom("modules").selectAll().where("id", "=", moduleId).where("course_id", "=", courseId).executeTakeFirst();

export const findLesson = (db: Db, courseId: string, lessonId: string) =>
  db.selectFrom("lessons").selectAll().where("id", "=", lessonId).where("course_id", "=", courseId).executeTakeFirst();

export const findFile = (db: Db, fileId: string) =>
  db.selectFrom("lesson_files").selectAll().where("id", "=", fileId).executeTakeFirst();

export const filesOfLesson = (db: Db, lessonId: string) =>
  db.selectFrom("lesson_files").selectAll().where("lesson_id", "=", lessonId).orderBy("id").execute();

export async function nextModuleOrder(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom("modules")
    .select((eb) => eb.fn.max<number | null>("sort_order").as("last"))
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function nextLessonOrder(db: Db, moduleId: string): Promise<number> {
  const row = await db
    .selectFrom("lessons")
    .select((eb) => eb.fn.max<number | null>("sort_order").as("last"))
    .where("module_id", "=", moduleId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertModule(db: Db, row: ModuleRow): Promise<void> {
  await db.insertInto("modules").values(row).execute();
}

export async function updateModule(db: Db, id: string, changes: Partial<Omit<ModuleRow, "id">>): Promise<void> {
  await db.updateTable("modules").set(changes).where("id", "=", id).execute();
}

export async function deleteModule(db: Db, id: string): Promise<void> {
  await db.deleteFrom("modules").where("id", "=", id).execute();
}

export async function insertLesson(db: Db, row: LessonRow): Promise<void> {
  await db.insertInto("lessons").values(row).execute();
}

export async function updateLesson(db: Db, id: string, changes: Partial<Omit<LessonRow, "id">>): Promise<void> {
  await db.updateTable("lessons").set(changes).where("id", "=", id).execute();
}

export async function deleteLesson(db: Db, id: string): Promise<void> {
  await db.deleteFrom("lessons").where("id", "=", id).execute();
}

export async function insertFile(db: Db, row: LessonFileRow): Promise<void> {
  await db.insertInto("lesson_files").values(row).execute();
}

export async function deleteFile(db: Db, id: string): Promise<void> {
  await db.deleteFrom("lesson_files").where("id", "=", id).execute();
}

/** Every module of a course with the ids of its lessons (drafts included), in no particular order. */
export async function contentIds(db: Db, courseId: string): Promise<Map<string, string[]>> {
  const [modules, lessons] = await Promise.all([
    db.selectFrom("modules").select("id").where("course_id", "=", courseId).execute(),
    db.selectFrom("lessons").select(["id", "module_id"]).where("course_id", "=", courseId).execute(),
  ]);
  const tree = new Map(modules.map((m) => [m.id, [] as string[]]));
  for (const lesson of lessons) tree.get(lesson.module_id)?.push(lesson.id);
  return tree;
}

/** Gives the rows the sort orders 1, 2, 3… in the order of `ids`. */
async function setSortOrder(db: Db, table: "modules" | "lessons", ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable(table)
      .set({ sort_order: index + 1 })
      .where("id", "=", id)
      .execute();
  }
}

export const setModuleOrder = (db: Db, ids: string[]) => setSortOrder(db, "modules", ids);
export const setLessonOrder = (db: Db, ids: string[]) => setSortOrder(db, "lessons", ids);

/**
 * Storage keys of the lesson files below a course, a module or a lesson, SCORM packages' unpacked
 * files included (to remove after a delete).
 */
export async function lessonFileKeys(
  db: Db,
  scope: { courseId: string } | { moduleId: string } | { lessonId: string },
): Promise<string[]> {
  let q = db.selectFrom("lesson_files").select("lesson_files.storage_key");
  let packages = db
    .selectFrom("scorm_files")
    .innerJoin("scorm_packages", "scorm_packages.id", "scorm_files.package_id")
    .select("scorm_files.storage_key");
  if ("courseId" in scope) {
    q = q.where("lesson_files.course_id", "=", scope.courseId);
    packages = packages.where("scorm_packages.course_id", "=", scope.courseId);
  } else if ("lessonId" in scope) {
    q = q.where("lesson_files.lesson_id", "=", scope.lessonId);
    packages = packages.where("scorm_packages.lesson_id", "=", scope.lessonId);
  } else {
    q = q.innerJoin("lessons", "lessons.id", "lesson_files.lesson_id").where("lessons.module_id", "=", scope.moduleId);
    packages = packages
      .innerJoin("lessons", "lessons.id", "scorm_packages.lesson_id")
      .where("lessons.module_id", "=", scope.moduleId);
  }
  const files = await q.execute();
  const unpacked = await packages.execute();
  return [...files, ...unpacked].map((r) => r.storage_key);
}

/** The unpacked files of the SCORM package a lesson file stands for (none for other files). */
export async function packageKeysOfFile(db: Db, fileId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("scorm_files")
    .innerJoin("scorm_packages", "scorm_packages.id", "scorm_files.package_id")
    .select("scorm_files.storage_key")
    .where("scorm_packages.file_id", "=", fileId)
    .execute();
  return rows.map((r) => r.storage_key);
}

/** Modules and their published lessons' titles (no files): the public outline of a course. */
export async function loadOutline(db: Db, courseId: string) {
  const [modules, lessons] = await Promise.all([
    db
      .selectFrom("modules")
      .select(["id", "title", "description", "sort_order"])
      .where("course_id", "=", courseId)
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("lessons")
      .select(["id", "module_id", "title", "sort_order"])
      .where("course_id", "=", courseId)
      .where("is_published", "=", 1)
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
  ]);
  return { modules, lessons };
}

/** A module's lessons and their files, in two queries. */
export async function lessonsWithFiles(db: Db, moduleId: string) {
  const lessons = await db
    .selectFrom("lessons")
    .selectAll()
    .where("module_id", "=", moduleId)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const files =
    lessons.length === 0
      ? []
      : await db
          .selectFrom("lesson_files")
          .selectAll()
          .where(
            "lesson_id",
            "in",
            lessons.map((l) => l.id),
          )
          .orderBy("id")
          .execute();
  return { lessons, files };
}
