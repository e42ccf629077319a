import { randomUUID } from "node:crypto";
import type { XapiObjectType, XapiResult, XapiVerb } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** One learning event, as the code that makes it happens knows it. */
export interface LearningEvent {
  userId: string;
  verb: XapiVerb;
  object: { type: XapiObjectType; path: string; name: string };
  courseId: string;
  result?: XapiResult;
  /** When it happened (ISO 8601), if not now. */
  at?: string;
}

/** Paths of the objects under PUBLIC_URL, one place for all event sites. */
export const xapiPaths = {
  course: (courseId: string) => `/courses/${courseId}`,
  lesson: (courseId: string, lessonId: string) => `/courses/${courseId}/lessons/${lessonId}`,
  assessment: (courseId: string, assessmentId: string) => `/courses/${courseId}/assessments/${assessmentId}`,
  session: (courseId: string, sessionId: string) => `/courses/${courseId}/sessions/${sessionId}`,
  discussion: (courseId: string, threadId: string) => `/courses/${courseId}/discussions/${threadId}`,
};

/**
 * Stores an xAPI statement per event; pass the transaction of the event so both land or neither.
 * The learner's and course's names are copied in by subqueries of the same insert. Delivery to the
 * LRS (when one is set) picks up what is stored here.
 */
export async function recordStatements(db: Kysely<Database>, events: LearningEvent[]): Promise<void> {
  if (events.length === 0) return;
  const stamp = new Date().toISOString();
  await db
    .insertInto("xapi_statements")
    .values(
      events.map((event) => ({
        id: randomUUID(),
        user_id: event.userId,
        actor_name: db.selectFrom("users").select("name").where("id", "=", event.userId),
        verb: event.verb,
        object_type: event.object.type,
        object_path: event.object.path,
        object_name: event.object.name,
        course_id: event.courseId,
        course_name: db.selectFrom("courses").select("title").where("id", "=", event.courseId),
        result: event.result ? JSON.stringify(event.result) : null,
        timestamp: event.at ?? stamp,
        delivered_at: null,
      })),
    )
    .execute();
}
