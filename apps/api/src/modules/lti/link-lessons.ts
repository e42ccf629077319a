import { LTI_FILE_TYPE } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import type { Actor } from "../../policies/index.js";
import { logManagement } from "../activities/management.js";
import * as content from "../content/repo.js";
import { LTI_FILE_KIND, ltiFileKey } from "./lesson-file.js";
import type { ToolRow } from "./repo.js";

export interface NewLink {
  title: string;
  url: string | null;
  customParameters: Record<string, string>;
  /** A line item (a gradebook column) is made with the link when given. */
  lineItem: { scoreMaximum: number; label: string; resourceId: string | null; tag: string | null } | null;
}

/**
 * A published lesson at the end of the module holding one LTI link: its lesson file of kind "lti"
 * (counted by progress), the link and, when asked, its line item. Call it in a transaction; the
 * caller settles completion once for all the lessons it adds.
 */
export async function addLinkLesson(
  db: Kysely<Database>,
  actor: Actor,
  place: { courseId: string; moduleId: string },
  tool: ToolRow,
  link: NewLink,
): Promise<{ lessonId: string; linkId: string }> {
  const now = nowIso();
  const lessonId = newId();
  const linkId = newId();
  const fileId = newId();
  await content.insertLesson(db, {
    id: lessonId,
    course_id: place.courseId,
    module_id: place.moduleId,
    title: link.title,
    description: "",
    body: "",
    sort_order: await content.nextLessonOrder(db, place.moduleId),
    is_published: toFlag(true),
    created_at: now,
    updated_at: now,
  });
  await content.insertFile(db, {
    id: fileId,
    course_id: place.courseId,
    lesson_id: lessonId,
    storage_key: ltiFileKey(linkId),
    name: tool.name,
    mime: LTI_FILE_TYPE,
    kind: LTI_FILE_KIND,
    size: 0,
    created_at: now,
  });
  await db
    .insertInto("lti_links")
    .values({
      id: linkId,
      course_id: place.courseId,
      lesson_id: lessonId,
      file_id: fileId,
      tool_id: tool.id,
      title: link.title,
      url: link.url,
      custom_parameters: JSON.stringify(link.customParameters),
      created_at: now,
    })
    .execute();
  if (link.lineItem) {
    await db
      .insertInto("lti_line_items")
      .values({
        id: newId(),
        course_id: place.courseId,
        tool_id: tool.id,
        link_id: linkId,
        label: link.lineItem.label,
        score_maximum: link.lineItem.scoreMaximum,
        resource_id: link.lineItem.resourceId,
        tag: link.lineItem.tag,
        created_at: now,
      })
      .execute();
  }
  await logManagement(db, actor, {
    action: "lesson_create",
    title: `Added lesson ${link.title} (LTI tool ${tool.name})`,
    courseId: place.courseId,
    targetId: lessonId,
  });
  return { lessonId, linkId };
}
