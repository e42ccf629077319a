import { type Kysely, type Selectable, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type { Database, MaterialsTable } from "../../db/types.js";

type Db = Kysely<Database>;
export type MaterialRow = Selectable<MaterialsTable>;

/** A course's materials, newest first. */
/** One page of a course's materials, newest first, without a total (the course detail's first ones). */
const materialsPageQuery = compiledOnce((db, courseId: string, limit: number, offset: number) =>
  db
    .selectFrom("materials")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset),
);

export const materialsPage = (db: Db, courseId: string, { page, limit }: { page: number; limit: number }) =>
  materialsPageQuery(db, courseId, limit, (page - 1) * limit);

export async function listMaterials(db: Db, courseId: string, query: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    materialsPage(db, courseId, query),
    db
      .selectFrom("materials")
      .where("course_id", "=", courseId)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export const findMaterial = (db: Db, courseId: string, id: string) =>
  db.selectFrom("materials").selectAll().where("id", "=", id).where("course_id", "=", courseId).executeTakeFirst();

export const findMaterialById = (db: Db, id: string) =>
  db.selectFrom("materials").selectAll().where("id", "=", id).executeTakeFirst();

export async function insertMaterial(db: Db, row: MaterialRow): Promise<void> {
  await db.insertInto("materials").values(row).execute();
}

export async function updateMaterial(db: Db, id: string, changes: Partial<Omit<MaterialRow, "id">>): Promise<void> {
  await db.updateTable("materials").set(changes).where("id", "=", id).execute();
}

export async function deleteMaterial(db: Db, id: string): Promise<void> {
  await db.deleteFrom("materials").where("id", "=", id).execute();
}

export async function countDownload(db: Db, id: string): Promise<void> {
  await db
    .updateTable("materials")
    .set((eb) => ({ downloads: eb("downloads", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function materialFileKeys(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("materials")
    .select("storage_key")
    .where("course_id", "=", courseId)
    .where("storage_key", "is not", null)
    .execute();
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}

export interface ManagedMaterialFilters {
  courseId?: string;
  type?: string;
  search?: string;
}

/**
 * The materials of the courses someone manages (instructorId null: every course), with course
 * titles, newest first: one page and the total, in two queries whatever the page size.
 */
export async function managedMaterials(
  db: Db,
  instructorId: string | null,
  filters: ManagedMaterialFilters,
  { page, limit }: { page: number; limit: number },
) {
  // Filters on materials alone (the instructor's courses as a subquery), so counting needs no join.
  let base = db.selectFrom("materials");
  if (instructorId) {
    base = base.where("materials.course_id", "in", (eb) =>
      eb.selectFrom("courses").select("courses.id").where("courses.instructor_id", "=", instructorId),
    );
  }
  if (filters.courseId) base = base.where("materials.course_id", "=", filters.courseId);
  if (filters.type) base = base.where("materials.type", "=", filters.type);
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An explicit ESCAPE: SQLite has no default escape character for LIKE.
    base = base.where(sql<boolean>`lower(materials.title) like ${pattern} escape '\\'`);
  }
  const [rows, total] = await Promise.all([
    base
      .innerJoin("courses", "courses.id", "materials.course_id")
      .selectAll("materials")
      .select("courses.title as course_title")
      .orderBy("materials.created_at", "desc")
      .orderBy("materials.id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** The newest materials of the courses someone manages, for the dashboard card. */
export const recentMaterials = (db: Db, instructorId: string | null, limit: number) =>
  managedMaterials(db, instructorId, {}, { page: 1, limit });
