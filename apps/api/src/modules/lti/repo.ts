import type { Kysely, Selectable } from "kysely";
import type { Database, LtiLineItemsTable, LtiLinksTable, LtiScoresTable, LtiToolsTable } from "../../db/types.js";

type Db = Kysely<Database>;
export type ToolRow = Selectable<LtiToolsTable>;
export type LinkRow = Selectable<LtiLinksTable>;
export type LineItemRow = Selectable<LtiLineItemsTable>;
export type ScoreRow = Selectable<LtiScoresTable>;

export const listTools = (db: Db) => db.selectFrom("lti_tools").selectAll().orderBy("name").orderBy("id").execute();

export const findTool = (db: Db, id: string) =>
  db.selectFrom("lti_tools").selectAll().where("id", "=", id).executeTakeFirst();

export const findToolByClientId = (db: Db, clientId: string) =>
  db.selectFrom("lti_tools").selectAll().where("client_id", "=", clientId).executeTakeFirst();

/** Whether links or line items still use the tool. */
export async function toolInUse(db: Db, toolId: string): Promise<boolean> {
  const [link, item] = await Promise.all([
    db.selectFrom("lti_links").select("id").where("tool_id", "=", toolId).executeTakeFirst(),
    db.selectFrom("lti_line_items").select("id").where("tool_id", "=", toolId).executeTakeFirst(),
  ]);
  return Boolean(link || item);
}

export const findLink = (db: Db, linkId: string) =>
  db.selectFrom("lti_links").selectAll().where("id", "=", linkId).executeTakeFirst();

export const lineItemOfLink = (db: Db, linkId: string) =>
  db.selectFrom("lti_line_items").selectAll().where("link_id", "=", linkId).orderBy("id").executeTakeFirst();

/** Whether one of the tool's links or line items lives in the course (the tool's reach). */
export async function toolReachesCourse(db: Db, toolId: string, courseId: string): Promise<boolean> {
  const [link, item] = await Promise.all([
    db
      .selectFrom("lti_links")
      .select("id")
      .where("tool_id", "=", toolId)
      .where("course_id", "=", courseId)
      .executeTakeFirst(),
    db
      .selectFrom("lti_line_items")
      .select("id")
      .where("tool_id", "=", toolId)
      .where("course_id", "=", courseId)
      .executeTakeFirst(),
  ]);
  return Boolean(link || item);
}

export const findLineItem = (db: Db, toolId: string, courseId: string, id: string) =>
  db
    .selectFrom("lti_line_items")
    .selectAll()
    .where("id", "=", id)
    .where("tool_id", "=", toolId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();

export const findScore = (db: Db, lineItemId: string, userId: string) =>
  db
    .selectFrom("lti_scores")
    .selectAll()
    .where("line_item_id", "=", lineItemId)
    .where("user_id", "=", userId)
    .executeTakeFirst();

export async function saveScore(db: Db, row: ScoreRow): Promise<void> {
  const { id: _id, line_item_id: _l, user_id: _u, ...changes } = row;
  await db
    .insertInto("lti_scores")
    .values(row)
    .onConflict((oc) => oc.columns(["line_item_id", "user_id"]).doUpdateSet(changes))
    .execute();
}
