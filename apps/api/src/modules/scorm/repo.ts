import type { Kysely, Selectable } from "kysely";
import type { Database, ScormAttemptsTable, ScormFilesTable, ScormPackagesTable } from "../../db/types.js";

type Db = Kysely<Database>;
export type PackageRow = Selectable<ScormPackagesTable>;
export type PackageFileRow = Selectable<ScormFilesTable>;
export type AttemptRow = Selectable<ScormAttemptsTable>;

export const packageOfLesson = (db: Db, lessonId: string) =>
  db.selectFrom("scorm_packages").selectAll().where("lesson_id", "=", lessonId).executeTakeFirst();

export const findPackage = (db: Db, packageId: string) =>
  db.selectFrom("scorm_packages").selectAll().where("id", "=", packageId).executeTakeFirst();

export const findPackageFile = (db: Db, packageId: string, path: string) =>
  db
    .selectFrom("scorm_files")
    .selectAll()
    .where("package_id", "=", packageId)
    .where("path", "=", path)
    .executeTakeFirst();

/** The storage keys of a package's files (to remove once its rows are gone). */
export const packageFileKeys = async (db: Db, packageId: string) =>
  (await db.selectFrom("scorm_files").select("storage_key").where("package_id", "=", packageId).execute()).map(
    (r) => r.storage_key,
  );

export async function insertPackage(db: Db, row: PackageRow, files: PackageFileRow[]): Promise<void> {
  await db.insertInto("scorm_packages").values(row).execute();
  // In slices: SQLite binds at most 32,766 parameters per statement.
  for (let i = 0; i < files.length; i += 500) {
    await db
      .insertInto("scorm_files")
      .values(files.slice(i, i + 500))
      .execute();
  }
}

export const findAttempt = (db: Db, packageId: string, userId: string) =>
  db
    .selectFrom("scorm_attempts")
    .selectAll()
    .where("package_id", "=", packageId)
    .where("user_id", "=", userId)
    .executeTakeFirst();

export async function saveAttempt(db: Db, row: AttemptRow): Promise<void> {
  const { id: _id, package_id: _p, user_id: _u, ...changes } = row;
  await db
    .insertInto("scorm_attempts")
    .values(row)
    .onConflict((oc) => oc.columns(["package_id", "user_id"]).doUpdateSet(changes))
    .execute();
}
