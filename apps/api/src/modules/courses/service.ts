import {
  type CourseCreate,
  type CourseUpdate,
  type ManagedCourseListQuery,
  MESSAGES,
  REVIEW_MESSAGES,
} from "@lms/contract";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { CoursesTable, Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import { type Actor, canAssignInstructor, canCreateCourse, canPublishCourse, isAdmin } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import { changedFields, logManagement } from "../activities/management.js";
import { courseAssessmentFileKeys } from "../assessments/file-repo.js";
import { lessonFileKeys } from "../content/repo.js";
import { materialFileKeys } from "../materials/repo.js";
import type { StaffNotifier } from "../notifications/staff-events.js";
import { settleCompletion } from "../progress/completion.js";
import { clearReview, reviewStatusesOf } from "../reviews/repo.js";
import { getSystemSettings } from "../settings/repo.js";
import { courseToManage } from "./access.js";
import { uniqueCourseCode } from "./course-code.js";
import { courseUploadKeys, deletePicture, findPicture } from "./picture-repo.js";
import * as repo from "./repo.js";

const codeTaken = () => conflict(MESSAGES.courseCodeTaken, [fieldError("courseCode", MESSAGES.courseCodeTaken)]);
const noInstructor = () =>
  badRequest(MESSAGES.selectInstructor, [fieldError("instructorId", MESSAGES.selectInstructor)]);
const noCategory = () => badRequest(MESSAGES.categoryNotFound, [fieldError("categoryId", MESSAGES.categoryNotFound)]);

export type CourseService = ReturnType<typeof createCourseService>;

export function createCourseService({
  db,
  discard,
  staff,
}: {
  db: Kysely<Database>;
  discard: DiscardFiles;
  staff: StaffNotifier;
}) {
  async function checkInstructor(id: string | undefined): Promise<string> {
    if (!id || !(await repo.isActiveInstructor(db, id))) throw noInstructor();
    return id;
  }

  async function checkCategory(id: string): Promise<void> {
    if (!(await repo.categoryExists(db, id))) throw noCategory();
  }

  async function loaded(id: string) {
    const course = await repo.findCourseWithNames(db, id);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    return course;
  }

  return {
    /** Admins see every course; instructors the ones they teach; each with its learners' average progress. */
    async listManaged(actor: Actor, query: ManagedCourseListQuery) {
      const { rows, total } = await repo.listManagedCourses(db, isAdmin(actor) ? null : actor.id, query);
      const ids = rows.map((row) => row.id);
      const [averages, reviews] = await Promise.all([repo.averageProgressByCourse(db, ids), reviewStatusesOf(db, ids)]);
      return {
        rows: rows.map((row) => ({
          ...row,
          average_progress: averages.get(row.id) ?? 0,
          review_status: reviews.get(row.id) ?? null,
        })),
        total,
      };
    },

    async create(actor: Actor, input: CourseCreate) {
      if (!canCreateCourse(actor)) throw forbidden(MESSAGES.forbidden);
      // An instructor always owns what they create; an admin names an active instructor.
      const instructorId = canAssignInstructor(actor) ? await checkInstructor(input.instructorId) : actor.id;
      await checkCategory(input.categoryId);
      const { maxCourses } = await getSystemSettings(db);
      if ((await repo.countCourses(db)) >= maxCourses) throw forbidden(MESSAGES.courseLimitReached);
      const requested = input.courseCode?.toUpperCase();
      if (requested && (await repo.courseCodeTaken(db, requested))) throw codeTaken();
      const now = nowIso();
      const row: CoursesTable = {
        id: newId(),
        title: input.title,
        course_code: requested || (await uniqueCourseCode(db, input.title)),
        description: input.description,
        short_description: input.shortDescription,
        category_id: input.categoryId,
        instructor_id: instructorId,
        price_credits: input.priceCredits,
        difficulty: input.difficulty,
        duration: input.duration,
        language: input.language,
        tags: JSON.stringify(input.tags),
        requirements: JSON.stringify(input.requirements),
        learning_outcomes: JSON.stringify(input.learningOutcomes),
        thumbnail: input.thumbnail ?? null,
        published: 0,
        enrollment_count: 0,
        completion_count: 0,
        completion_requires_assessments: 1,
        rating_count: 0,
        rating_sum: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertCourse(trx, row);
          await logManagement(trx, actor, {
            action: "course_create",
            title: `Created course ${row.title}`,
            courseId: row.id,
            targetId: row.id,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
      return loaded(row.id);
    },

    async update(actor: Actor, courseId: string, input: CourseUpdate) {
      const course = await courseToManage(db, actor, courseId);
      const changes: Partial<CoursesTable> = { updated_at: nowIso() };
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.shortDescription !== undefined) changes.short_description = input.shortDescription;
      if (input.priceCredits !== undefined) changes.price_credits = input.priceCredits;
      if (input.difficulty !== undefined) changes.difficulty = input.difficulty;
      if (input.duration !== undefined) changes.duration = input.duration;
      if (input.language !== undefined) changes.language = input.language;
      if (input.tags !== undefined) changes.tags = JSON.stringify(input.tags);
      if (input.requirements !== undefined) changes.requirements = JSON.stringify(input.requirements);
      if (input.learningOutcomes !== undefined) changes.learning_outcomes = JSON.stringify(input.learningOutcomes);
      if (input.thumbnail !== undefined) changes.thumbnail = input.thumbnail;
      if (input.completionRule !== undefined) {
        changes.completion_requires_assessments = toFlag(input.completionRule.requireAssessments);
      }
      if (input.categoryId !== undefined && input.categoryId !== course.category_id) {
        await checkCategory(input.categoryId);
        changes.category_id = input.categoryId;
      }
      // Reassigning a course is for admins; an instructor's course stays theirs.
      if (
        input.instructorId !== undefined &&
        canAssignInstructor(actor) &&
        input.instructorId !== course.instructor_id
      ) {
        changes.instructor_id = await checkInstructor(input.instructorId);
      }
      const code = input.courseCode?.toUpperCase();
      if (code && code !== course.course_code) {
        if (await repo.courseCodeTaken(db, code, courseId)) throw codeTaken();
        changes.course_code = code;
      }
      let replacedPicture: string | null = null;
      try {
        await db.transaction().execute(async (trx) => {
          await repo.updateCourse(trx, courseId, changes);
          if (changes.thumbnail !== undefined && changes.thumbnail !== course.thumbnail) {
            replacedPicture = (await findPicture(trx, courseId))?.storage_key ?? null;
            if (replacedPicture) await deletePicture(trx, courseId);
          }
          if (changes.completion_requires_assessments !== undefined) await settleCompletion(trx, { courseId });
          const { updated_at: _at, ...changed } = changes;
          await logManagement(trx, actor, {
            action: "course_update",
            title: `Updated course ${changes.title ?? course.title}`,
            courseId,
            targetId: courseId,
            changes: changedFields(course, changed),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
      // A thumbnail URL sent by an api client replaces an uploaded picture.
      await discard([replacedPicture]);
      return loaded(courseId);
    },

    /** Admins, or the course's instructor while `instructorsMayPublish` is on; publishing ends any review. */
    async setPublished(actor: Actor, courseId: string, published: boolean) {
      const course = await courseToManage(db, actor, courseId);
      if (!canPublishCourse(actor, course, await getSystemSettings(db))) {
        throw forbidden(REVIEW_MESSAGES.publishNotAllowed);
      }
      // An instructor who publishes their own course needs no telling.
      const tellInstructor = published && !course.published && course.instructor_id !== actor.id;
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        await repo.updateCourse(trx, courseId, { published: toFlag(published), updated_at: now });
        if (published) await clearReview(trx, courseId);
        if (tellInstructor) await staff.courseReviewed(trx, course, { published: true }, now);
        await logManagement(trx, actor, {
          action: published ? "course_publish" : "course_unpublish",
          title: `${published ? "Published" : "Unpublished"} course ${course.title}`,
          courseId,
          targetId: courseId,
          changes: changedFields(course, { published: toFlag(published) }),
        });
      });
      if (tellInstructor) staff.deliverSoon();
      return loaded(courseId);
    },

    /** Rows go in one statement (everything below the course cascades); its files after the commit. */
    async remove(actor: Actor, courseId: string): Promise<void> {
      const course = await courseToManage(db, actor, courseId);
      const keys = await db.transaction().execute(async (trx) => {
        // Logged first: the entry keeps the course's title and code after the course is gone.
        await logManagement(trx, actor, {
          action: "course_delete",
          title: `Deleted course ${course.title}`,
          courseId,
          targetId: courseId,
        });
        const files = [
          ...(await lessonFileKeys(trx, { courseId })),
          ...(await materialFileKeys(trx, courseId)),
          ...(await repo.recordingFileKeys(trx, courseId)),
          ...(await courseAssessmentFileKeys(trx, courseId)),
          ...(await courseUploadKeys(trx, courseId)),
        ];
        await repo.deleteCourse(trx, courseId);
        return files;
      });
      await discard(keys);
    },
  };
}
