import { MESSAGES, type PublicCourse } from "@lms/contract";
import type { Kysely } from "kysely";
import type { ReadCaches } from "../../cache/read-caches.js";
import { fromFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import {
  type Actor,
  canManageCourse,
  canReadCourseContent,
  canSeeCourse,
  canSeeDraftLessons,
} from "../../policies/index.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { groupBy } from "../content/present.js";
import { presentEnrollment } from "../enrollments/present.js";
import { findEnrollment } from "../enrollments/repo.js";
import { assessmentCounts, presentCourseProgress, presentFileProgress } from "../progress/present.js";
import { type RequiredAssessmentRow, requiredAssessmentsOfRuledCourse } from "../progress/repo.js";
import { presentSession } from "../sessions/present.js";
import { courseSessions } from "../sessions/repo.js";
import { contentDenied } from "./access.js";
import { renderDetail } from "./detail-json.js";
import { presentCourse } from "./present.js";
import { readerPart } from "./reader-rows.js";
import { type CourseOutline, createCourseSnapshots, type SharedDetail } from "./snapshots.js";

function presentOutline(outline: CourseOutline): PublicCourse["modules"] {
  const lessonsByModule = groupBy(outline.lessons, (l) => l.module_id);
  return outline.modules.map((m) => ({
    _id: m.id,
    title: m.title,
    description: m.description,
    order: m.sort_order,
    lessons: (lessonsByModule.get(m.id) ?? []).map((l) => ({ _id: l.id, title: l.title, order: l.sort_order })),
  }));
}

/** A learner's completed files among those the course counts, by kind, and their required assessments passed. */
function countProgress(shared: SharedDetail, completedFileIds: string[], assessments: RequiredAssessmentRow[]) {
  let videosCompleted = 0;
  let resourcesViewed = 0;
  for (const id of completedFileIds) {
    const kind = shared.countedFiles.get(id);
    if (kind === "video") videosCompleted += 1;
    else if (kind === "resource") resourcesViewed += 1;
  }
  return {
    totalVideos: shared.totalVideos,
    totalResources: shared.totalResources,
    videosCompleted,
    resourcesViewed,
    ...assessmentCounts(assessments),
  };
}

/** How many sessions the detail answer carries (GET /sessions?courseId pages them all). */
const DETAIL_SESSIONS = 100;

export type CourseReader = ReturnType<typeof createCourseReader>;

/**
 * Course reads per actor. What is the same for everyone comes from the course snapshots (read
 * caches); only the caller's enrollment and progress are read per request.
 */
export function createCourseReader(deps: { db: Kysely<Database>; signer: UrlSigner; caches: ReadCaches }) {
  const { db } = deps;
  const snapshots = createCourseSnapshots(deps);

  return {
    /** What anyone may see of a course they can see (published, or one they manage). */
    async publicInfo(actor: Actor | null, courseId: string): Promise<PublicCourse> {
      const course = await snapshots.course(courseId);
      if (!course || !canSeeCourse(actor, course)) throw notFound(MESSAGES.courseNotFound);
      const [outline, enrollment] = await Promise.all([
        snapshots.outline(courseId),
        actor ? findEnrollment(db, actor.id, courseId) : undefined,
      ]);
      return { ...presentCourse(course), modules: presentOutline(outline), isEnrolled: Boolean(enrollment) };
    },

    /**
     * The full course for its managers and enrolled learners (403 `not enrolled` for other
     * learners, Access Denied for other staff), serialised: content, materials, announcements,
     * sessions, progress and stats.
     */
    async detailAnswer(actor: Actor, courseId: string): Promise<Buffer> {
      const course = await snapshots.course(courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      const mine = await readerPart(db, actor.id, courseId);
      const { enrollment, progress } = mine;
      if (!canReadCourseContent(actor, course, Boolean(enrollment))) throw contentDenied(actor);
      const [shared, assessments, sessions] = await Promise.all([
        snapshots.sharedDetail(course, canSeeDraftLessons(actor, course)),
        enrollment && fromFlag(course.completion_requires_assessments) && mine.hasRequiredAssessments
          ? requiredAssessmentsOfRuledCourse(db, actor.id, courseId)
          : [],
        mine.hasSessions ? courseSessions(db, course, DETAIL_SESSIONS) : [],
      ]);
      const now = new Date();
      const progressByFile = new Map(progress.map((r) => [r.file_id, presentFileProgress(r)]));
      const completed = progress.filter((r) => fromFlag(r.completed)).map((r) => r.file_id);
      return renderDetail(shared.template, {
        progressByFile,
        progress: enrollment
          ? presentCourseProgress(countProgress(shared, completed, assessments), enrollment, assessments)
          : null,
        enrollment: enrollment ? presentEnrollment(enrollment) : null,
        canManage: canManageCourse(actor, course),
        sessions: sessions.map((row) => presentSession(row, now)),
      });
    },
  };
}
