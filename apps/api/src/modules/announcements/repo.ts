import type { Kysely, Selectable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type { AnnouncementsTable, Database } from "../../db/types.js";

type Db = Kysely<Database>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;

const withAuthor = (db: Db) =>
  db
    .selectFrom("announcements")
    .leftJoin("users", "users.id", "announcements.author_id")
    .selectAll("announcements")
    .select("users.name as author_name");

/** A course's announcements with their authors' names, newest first. */
/** One page of a course's announcements, newest first, without a total (the course detail's first ones). */
const announcementsPageQuery = compiledOnce((db, courseId: string, limit: number, offset: number) =>
  withAuthor(db)
    .where("announcements.course_id", "=", courseId)
    .orderBy("announcements.created_at", "desc")
    .orderBy("announcements.id", "desc")
    .limit(limit)
    .offset(offset),
);

export const announcementsPage = (db: Db, courseId: string, { page, limit }: { page: number; limit: number }) =>
  announcementsPageQuery(db, courseId, limit, (page - 1) * limit);

export async function listAnnouncements(db: Db, courseId: string, query: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    announcementsPage(db, courseId, query),
    db
      .selectFrom("announcements")
      .where("course_id", "=", courseId)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export const findAnnouncement = (db: Db, courseId: string, id: string) =>
  withAuthor(db).where("announcements.id", "=", id).where("announcements.course_id", "=", courseId).executeTakeFirst();

export type AnnouncementWithAuthor = NonNullable<Awaited<ReturnType<typeof findAnnouncement>>>;

export async function insertAnnouncement(db: Db, row: AnnouncementRow): Promise<void> {
  await db.insertInto("announcements").values(row).execute();
}

export async function updateAnnouncement(
  db: Db,
  id: string,
  changes: Partial<Omit<AnnouncementRow, "id">>,
): Promise<void> {
  await db.updateTable("announcements").set(changes).where("id", "=", id).execute();
}

export async function deleteAnnouncement(db: Db, id: string): Promise<void> {
  await db.deleteFrom("announcements").where("id", "=", id).execute();
}
