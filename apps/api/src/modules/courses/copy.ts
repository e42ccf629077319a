import { type CourseCopy, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import { newId, nowIso } from "../../db/ids.js";
import type { CoursesTable, Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import { type Actor, canAssignInstructor, canCopyCourse } from "../../policies/index.js";
import { logManagement } from "../activities/management.js";
import { getSystemSettings } from "../settings/repo.js";
import { COURSE_NOT_FOUND, findCourse, NOT_YOUR_COURSE } from "./access.js";
import { copyCourseRows } from "./copy-rows.js";
import { uniqueCourseCode } from "./course-code.js";
import { coursePictureUrl } from "./picture-service.js";
import * as repo from "./repo.js";

const TITLE_MAX = 200;
const COPY_SUFFIX = " (copy)";

/** "<title> (copy)", within the title limit. */
const copyTitle = (title: string) => `${title.slice(0, TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;

export type CourseCopier = ReturnType<typeof createCourseCopier>;

/** Next term's copy of a course: a new draft with the same teaching content and none of its people. */
export function createCourseCopier({ db }: { db: Kysely<Database> }) {
  /** An instructor owns their copy; an admin's copy keeps the original's instructor unless they name another. */
  async function ownerOf(actor: Actor, source: CoursesTable, requested: string | undefined) {
    if (!canAssignInstructor(actor)) return actor.id;
    if (requested === undefined) return source.instructor_id;
    if (!(await repo.isActiveInstructor(db, requested))) {
      throw badRequest(MESSAGES.selectInstructor, [fieldError("instructorId", MESSAGES.selectInstructor)]);
    }
    return requested;
  }

  return {
    async copy(actor: Actor, courseId: string, input: CourseCopy) {
      const source = await findCourse(db, courseId);
      if (!source) throw notFound(COURSE_NOT_FOUND);
      if (!canCopyCourse(actor, source)) throw forbidden(NOT_YOUR_COURSE);
      const instructorId = await ownerOf(actor, source, input.instructorId);
      const { maxCourses } = await getSystemSettings(db);
      if ((await repo.countCourses(db)) >= maxCourses) throw forbidden(MESSAGES.courseLimitReached);
      const title = input.title ?? copyTitle(source.title);
      const now = nowIso();
      const id = newId();
      const picture = await db
        .selectFrom("course_pictures")
        .select("course_id")
        .where("course_id", "=", courseId)
        .executeTakeFirst();
      const course: CoursesTable = {
        ...source,
        id,
        title,
        course_code: await uniqueCourseCode(db, title),
        instructor_id: instructorId,
        thumbnail: picture ? coursePictureUrl(id, now) : source.thumbnail,
        published: 0,
        enrollment_count: 0,
        completion_count: 0,
        rating_count: 0,
        rating_sum: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        const counts = await db.transaction().execute(async (trx) => {
          // Holds the original's row until the copy commits: deleting it meanwhile waits, so its
          // file clean-up then sees the copy's rows pointing at the shared files.
          const held = await trx
            .updateTable("courses")
            .set((eb) => ({ updated_at: eb.ref("updated_at") }))
            .where("id", "=", courseId)
            .executeTakeFirst();
          if (Number(held.numUpdatedRows) === 0) throw notFound(COURSE_NOT_FOUND);
          const copied = await copyCourseRows(trx, {
            source,
            course,
            offsetDays: input.dateOffsetDays,
            actorId: actor.id,
            now,
          });
          await logManagement(trx, actor, {
            action: "course_copy",
            title: `Copied course ${source.title} to ${title}`,
            courseId: id,
            targetId: id,
            details: { sourceId: source.id, dateOffsetDays: input.dateOffsetDays, ...copied },
          });
          return copied;
        });
        return { courseId: id, counts };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.courseCodeTaken);
        throw error;
      }
    },
  };
}
