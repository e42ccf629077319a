import { type CourseDetail, type CourseModule, MESSAGES, type PublicCourse } from "@lms/contract";
import type { Kysely } from "kysely";
import { fromFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import {
  type Actor,
  canManageCourse,
  canReadCourseContent,
  canSeeCourse,
  canSeeDraftLessons,
} from "../../policies/index.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { presentAnnouncement } from "../announcements/present.js";
import { listAnnouncements } from "../announcements/repo.js";
import { groupBy, presentContentTree } from "../content/present.js";
import { loadCourseContent, loadOutline } from "../content/repo.js";
import { presentEnrollment } from "../enrollments/present.js";
import { findEnrollment } from "../enrollments/repo.js";
import { presentMaterial } from "../materials/present.js";
import { listMaterials } from "../materials/repo.js";
import { presentCourseProgress, presentFileProgress } from "../progress/present.js";
import { emptyCounts, userCourseProgress } from "../progress/repo.js";
import { presentCourse, presentCourseStats } from "./present.js";
import { averageProgress, findCourseWithNames } from "./repo.js";

/** How many materials and announcements the detail answer carries (their own lists page further). */
const DETAIL_MATERIALS = 100;
const DETAIL_ANNOUNCEMENTS = 20;

/** Syllabus and prerequisites, from the content tree as the learner sees it. */
function learningPath(modules: CourseModule[], requirements: string[]) {
  const syllabus = modules.flatMap((m) =>
    m.lessons.map((l) => ({ _id: l._id, title: l.title, viewed: l.files.some((f) => f.progress !== null) })),
  );
  const firstVideos = (modules[0]?.lessons ?? []).flatMap((l) =>
    l.files
      .filter((f) => f.type.startsWith("video/"))
      .map((f, _, videos) => ({
        title: videos.length > 1 ? `${l.title} (${f.name})` : l.title,
        type: "video",
        completed: f.progress?.completed ?? false,
      })),
  );
  return {
    syllabus,
    prerequisites: [...requirements.map((title) => ({ title, type: "requirement", completed: false })), ...firstVideos],
  };
}

export type CourseReader = ReturnType<typeof createCourseReader>;

export function createCourseReader({ db, signer }: { db: Kysely<Database>; signer: UrlSigner }) {
  return {
    /** What anyone may see of a course they can see (published, or one they manage). */
    async publicInfo(actor: Actor | null, courseId: string): Promise<PublicCourse> {
      const course = await findCourseWithNames(db, courseId);
      if (!course || !canSeeCourse(actor, course)) throw notFound(MESSAGES.courseNotFound);
      const [outline, enrollment] = await Promise.all([
        loadOutline(db, courseId),
        actor ? findEnrollment(db, actor.id, courseId) : undefined,
      ]);
      const lessonsByModule = groupBy(outline.lessons, (l) => l.module_id);
      return {
        ...presentCourse(course),
        modules: outline.modules.map((m) => ({
          _id: m.id,
          title: m.title,
          description: m.description,
          order: m.sort_order,
          lessons: (lessonsByModule.get(m.id) ?? []).map((l) => ({ _id: l.id, title: l.title, order: l.sort_order })),
        })),
        isEnrolled: Boolean(enrollment),
      };
    },

    /**
     * The full course for its managers and enrolled learners (403 `not enrolled` for others):
     * content, materials, announcements, progress and stats in a handful of queries.
     */
    async detail(actor: Actor, courseId: string): Promise<CourseDetail> {
      const course = await findCourseWithNames(db, courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      const enrollment = await findEnrollment(db, actor.id, courseId);
      if (!canReadCourseContent(actor, course, Boolean(enrollment))) throw forbidden(MESSAGES.notEnrolled);
      const page = (limit: number) => ({ page: 1, limit });
      const [content, materials, announcements, progressRows, average] = await Promise.all([
        loadCourseContent(db, courseId, { publishedOnly: !canSeeDraftLessons(actor, course) }),
        listMaterials(db, courseId, page(DETAIL_MATERIALS)),
        listAnnouncements(db, courseId, page(DETAIL_ANNOUNCEMENTS)),
        enrollment ? userCourseProgress(db, actor.id, courseId) : [],
        averageProgress(db, courseId),
      ]);
      const progressByFile = new Map(progressRows.map((r) => [r.file_id, presentFileProgress(r)]));
      const modules = presentContentTree(content, signer, progressByFile);

      const counts = emptyCounts();
      const published = new Set(content.lessons.filter((l) => fromFlag(l.is_published)).map((l) => l.id));
      for (const file of content.files) {
        if (!published.has(file.lesson_id)) continue;
        const done = progressByFile.get(file.id)?.completed ?? false;
        if (file.kind === "video") {
          counts.totalVideos += 1;
          if (done) counts.videosCompleted += 1;
        } else {
          counts.totalResources += 1;
          if (done) counts.resourcesViewed += 1;
        }
      }
      const base = presentCourse(course);
      return {
        ...base,
        stats: { ...presentCourseStats(course), averageProgress: average },
        modules,
        materials: materials.rows.map((m) => presentMaterial(m, signer)),
        announcements: announcements.rows.map(presentAnnouncement),
        ...learningPath(modules, base.requirements),
        progress: enrollment ? presentCourseProgress(counts, enrollment) : null,
        enrollment: enrollment ? presentEnrollment(enrollment) : null,
        canManage: canManageCourse(actor, course),
      };
    },
  };
}
