import type { Kysely } from "kysely";
import { cacheTags, type ReadCaches } from "../../cache/read-caches.js";
import { fromFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { presentAnnouncement } from "../announcements/present.js";
import { announcementsPage } from "../announcements/repo.js";
import { presentContentTree } from "../content/present.js";
import { loadCourseContent, loadOutline } from "../content/repo.js";
import { presentMaterial } from "../materials/present.js";
import { materialsPage } from "../materials/repo.js";
import { type DetailTemplate, detailTemplate } from "./detail-json.js";
import { learningPathOf } from "./learning-path.js";
import { presentCourse, presentCourseStats } from "./present.js";
import { averageProgress, type CourseRow, findCourseWithNames } from "./repo.js";

/** How many materials and announcements the detail answer carries (their own lists page further). */
const DETAIL_MATERIALS = 100;
const DETAIL_ANNOUNCEMENTS = 20;
/** Detail snapshots can be large (a content tree, serialised): keep fewer of them. */
const MAX_DETAIL_SNAPSHOTS = 200;

/** The part of a course's detail that is the same for every reader allowed the same lessons. */
export interface SharedDetail {
  /** Kind of every file in a published lesson: what a learner's progress is counted against. */
  countedFiles: Map<string, "video" | "resource">;
  totalVideos: number;
  totalResources: number;
  template: DetailTemplate;
}

/** What a course's cached reads are cleared by: a write to that course, or one reaching every course. */
export const courseTags = (courseId: string) => [cacheTags.courses, cacheTags.course(courseId)];

export type CourseOutline = Awaited<ReturnType<typeof loadOutline>>;

/**
 * Reads of a course that do not depend on who asks, kept in the read caches: the course row, the
 * public outline, and the shared part of the detail (drafts included or not).
 */
export function createCourseSnapshots({
  db,
  signer,
  caches,
}: {
  db: Kysely<Database>;
  signer: UrlSigner;
  caches: ReadCaches;
}) {
  const courses = caches.create<CourseRow | undefined>();
  const outlines = caches.create<CourseOutline>();
  const details = caches.create<SharedDetail>(MAX_DETAIL_SNAPSHOTS);

  async function loadSharedDetail(course: CourseRow, withDrafts: boolean): Promise<SharedDetail> {
    const courseId = course.id;
    const page = (limit: number) => ({ page: 1, limit });
    const [content, materials, announcements, average] = await Promise.all([
      loadCourseContent(db, courseId, { publishedOnly: !withDrafts }),
      materialsPage(db, courseId, page(DETAIL_MATERIALS)),
      announcementsPage(db, courseId, page(DETAIL_ANNOUNCEMENTS)),
      averageProgress(db, courseId),
    ]);
    const published = new Set(content.lessons.filter((l) => fromFlag(l.is_published)).map((l) => l.id));
    const countedFiles = new Map<string, "video" | "resource">();
    let totalVideos = 0;
    for (const file of content.files) {
      if (!published.has(file.lesson_id)) continue;
      const kind = file.kind === "video" ? "video" : "resource";
      countedFiles.set(file.id, kind);
      if (kind === "video") totalVideos += 1;
    }
    const modules = presentContentTree(content, signer);
    const courseFields = presentCourse(course);
    return {
      countedFiles,
      totalVideos,
      totalResources: countedFiles.size - totalVideos,
      template: detailTemplate({
        courseFields: { ...courseFields, stats: { ...presentCourseStats(course), averageProgress: average } },
        path: learningPathOf(modules, courseFields.requirements),
        modules,
        materials: materials.map((m) => presentMaterial(m, signer)),
        announcements: announcements.map(presentAnnouncement),
      }),
    };
  }

  return {
    course: (courseId: string) => courses.get(courseId, () => findCourseWithNames(db, courseId), courseTags(courseId)),
    outline: (courseId: string) => outlines.get(courseId, () => loadOutline(db, courseId), courseTags(courseId)),
    /** Keyed by the course id: `course` is this cache generation's row of it. */
    sharedDetail: (course: CourseRow, withDrafts: boolean) =>
      details.get(`${course.id}:${withDrafts}`, () => loadSharedDetail(course, withDrafts), courseTags(course.id)),
  };
}

export type CourseSnapshots = ReturnType<typeof createCourseSnapshots>;
