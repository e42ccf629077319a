import { MESSAGES, type ProgressUpdate, VIDEO_COMPLETE_RATIO } from "@lms/contract";
import type { Kysely } from "kysely";
import { fromFlag, newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canSeeDraftLessons } from "../../policies/index.js";
import { logActivities } from "../activities/repo.js";
import { findFile, findLesson } from "../content/repo.js";
import { findCourse } from "../courses/access.js";
import { findEnrollment, updateEnrollment } from "../enrollments/repo.js";
import { recordStatements, xapiPaths } from "../xapi/record.js";
import { settleCompletion } from "./completion.js";
import { presentCourseProgress, presentFileProgress } from "./present.js";
import * as repo from "./repo.js";

export type ProgressService = ReturnType<typeof createProgressService>;

/** Progress is recorded for, and shown to, people enrolled in the course. */
export function createProgressService({ db }: { db: Kysely<Database> }) {
  async function enrolled(actor: Actor, courseId: string) {
    const course = await findCourse(db, courseId);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    const enrollment = await findEnrollment(db, actor.id, courseId);
    if (!enrollment) throw forbidden(MESSAGES.notEnrolled);
    return { course, enrollment };
  }

  const countsOf = async (trx: Kysely<Database>, userId: string, courseId: string) =>
    (await repo.progressCounts(trx, userId, [courseId])).get(courseId) ?? repo.emptyCounts();

  return {
    async get(actor: Actor, courseId: string) {
      const { enrollment } = await enrolled(actor, courseId);
      const [counts, rows, assessments] = await Promise.all([
        countsOf(db, actor.id, courseId),
        repo.userCourseProgress(db, actor.id, courseId),
        repo.requiredAssessmentsOf(db, actor.id, courseId),
      ]);
      return {
        progress: presentCourseProgress(counts, enrollment, assessments),
        files: rows.map(presentFileProgress),
      };
    },

    /**
     * One view report from the lesson viewer. A video counts once 90% of it was watched (or it
     * ended); any other file when opened. The position is kept for resuming. Meeting the course's
     * completion rule completes the enrollment.
     */
    async record(actor: Actor, courseId: string, lessonId: string, input: ProgressUpdate) {
      const { course, enrollment } = await enrolled(actor, courseId);
      const lesson = await findLesson(db, courseId, lessonId);
      if (!lesson || (!fromFlag(lesson.is_published) && !canSeeDraftLessons(actor, course))) {
        throw notFound(MESSAGES.lessonNotFound);
      }
      const file = await findFile(db, input.fileId);
      if (!file || file.lesson_id !== lessonId) throw notFound(MESSAGES.fileNotFound);

      const watched = input.duration > 0 && input.position / input.duration >= VIDEO_COMPLETE_RATIO;
      // A SCORM package completes only when it says so (PUT …/scorm/cmi), never by being opened.
      const completed = file.kind === "scorm" ? false : file.kind !== "video" || input.completed === true || watched;
      const now = nowIso();
      const firstView = !(await repo.hasViewedLesson(db, actor.id, lessonId));

      const saved = await db.transaction().execute(async (trx) => {
        const doneBefore = await repo.fileCompleted(trx, actor.id, file.id);
        const saved = await repo.upsertProgress(trx, {
          id: newId(),
          user_id: actor.id,
          course_id: courseId,
          lesson_id: lessonId,
          file_id: file.id,
          position: input.position,
          duration: input.duration,
          completed: toFlag(completed),
          viewed_at: now,
          completed_at: completed ? now : null,
        });
        await updateEnrollment(trx, enrollment.id, { last_accessed_at: now, last_lesson_id: lessonId });
        if (firstView) {
          await logActivities(trx, [
            { userId: actor.id, type: "lesson_view", title: `Viewed ${lesson.title}`, courseId },
          ]);
          await recordStatements(trx, [
            {
              userId: actor.id,
              verb: "launched",
              object: { type: "lesson", path: xapiPaths.lesson(courseId, lessonId), name: lesson.title },
              courseId,
              at: now,
            },
          ]);
        }
        const newlyDone = !doneBefore && saved.completed === 1;
        if (newlyDone && (await repo.lessonCompleted(trx, actor.id, lessonId))) {
          await recordStatements(trx, [
            {
              userId: actor.id,
              verb: "completed",
              object: { type: "lesson", path: xapiPaths.lesson(courseId, lessonId), name: lesson.title },
              courseId,
              result: { completion: true },
              at: now,
            },
          ]);
        }
        // Only a file done for the first time moves the learner's progress or completion; every other
        // report (a video's position, a file opened again) leaves them as they are, and is most reports.
        if (newlyDone) await settleCompletion(trx, { courseId, userIds: [actor.id] });
        return saved;
      });
      // Counted once committed, outside the transaction: their queries are compiled once per database.
      const counts = await countsOf(db, actor.id, courseId);
      return {
        file: presentFileProgress(saved),
        progress: presentCourseProgress(counts, { last_lesson_id: lessonId, last_accessed_at: now }),
      };
    },
  };
}
