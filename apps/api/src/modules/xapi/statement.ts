import {
  XAPI_ACTIVITY_TYPES,
  XAPI_VERBS,
  XAPI_VERSION,
  type XapiObjectType,
  type XapiStatement,
  type XapiVerb,
} from "@lms/contract";
import type { Selectable } from "kysely";
import type { XapiStatementsTable } from "../../db/xapi-tables.js";

export type StatementRow = Selectable<XapiStatementsTable>;

/** The platform named in every statement's context. */
export const XAPI_PLATFORM = "LearnHub";

const activity = (publicUrl: string, path: string, type: XapiObjectType, name: string) => ({
  objectType: "Activity" as const,
  id: `${publicUrl}${path}`,
  definition: { name: { "en-US": name }, type: XAPI_ACTIVITY_TYPES[type] },
});

/** A stored statement as xAPI 1.0.3 has it: the actor by their account on this site. */
export function renderStatement(row: StatementRow, publicUrl: string): XapiStatement {
  const verb = row.verb as XapiVerb;
  return {
    id: row.id,
    actor: { objectType: "Agent", name: row.actor_name, account: { homePage: publicUrl, name: row.user_id } },
    verb: { id: XAPI_VERBS[verb], display: { "en-US": verb } },
    object: activity(publicUrl, row.object_path, row.object_type as XapiObjectType, row.object_name),
    ...(row.result ? { result: JSON.parse(row.result) } : {}),
    context: {
      platform: XAPI_PLATFORM,
      ...(row.course_id && row.object_type !== "course"
        ? {
            contextActivities: {
              parent: [activity(publicUrl, `/courses/${row.course_id}`, "course", row.course_name ?? row.course_id)],
            },
          }
        : {}),
    },
    timestamp: row.timestamp,
    version: XAPI_VERSION,
  };
}
