import type { Transaction } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { LTI_FILE_KIND, ltiFileKey } from "./lesson-file.js";

/**
 * A course copy's LTI links and their line items (no scores: nothing about people comes along).
 * `files` maps each source lesson file to its copy; the copies of kind "lti" are pointed at their new
 * links. Call it in the copy's transaction, after the lesson files.
 */
export async function copyLtiLinks(
  trx: Transaction<Database>,
  copy: { from: string; to: string; lessons: Map<string, string>; files: Map<string, string>; now: string },
) {
  const links = await trx.selectFrom("lti_links").selectAll().where("course_id", "=", copy.from).execute();
  const items = await trx.selectFrom("lti_line_items").selectAll().where("course_id", "=", copy.from).execute();
  const linkIds = new Map<string, string>();
  for (const link of links) {
    const fileId = copy.files.get(link.file_id);
    const lessonId = copy.lessons.get(link.lesson_id);
    if (!fileId || !lessonId) continue;
    const id = newId();
    linkIds.set(link.id, id);
    await trx
      .insertInto("lti_links")
      .values({ ...link, id, course_id: copy.to, lesson_id: lessonId, file_id: fileId, created_at: copy.now })
      .execute();
    await trx
      .updateTable("lesson_files")
      .set({ storage_key: ltiFileKey(id) })
      .where("id", "=", fileId)
      .where("kind", "=", LTI_FILE_KIND)
      .execute();
  }
  for (const item of items) {
    const linkId = item.link_id ? linkIds.get(item.link_id) : null;
    if (item.link_id && !linkId) continue;
    await trx
      .insertInto("lti_line_items")
      .values({ ...item, id: newId(), course_id: copy.to, link_id: linkId ?? null, created_at: copy.now })
      .execute();
  }
}
