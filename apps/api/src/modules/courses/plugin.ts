import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import type { ReadCaches } from "../../cache/read-caches.js";
import type { Database } from "../../db/types.js";
import type { PublicCache } from "../../http/public-cache.js";
import { canUseInstructorArea, isAdmin } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { ViewLog } from "../activities/view-log.js";
import { announcementRoutes } from "../announcements/routes.js";
import { createAnnouncementService } from "../announcements/service.js";
import { createCcExportService } from "../cartridge/export-service.js";
import { createCcImportService } from "../cartridge/import-service.js";
import { cartridgeRoutes } from "../cartridge/routes.js";
import { categoryRoutes } from "../categories/routes.js";
import { createCategoryService } from "../categories/service.js";
import { contentRoutes } from "../content/routes.js";
import { createContentService } from "../content/service.js";
import { enrollmentAdminRoutes } from "../enrollments/admin-routes.js";
import { enrollmentRoutes } from "../enrollments/routes.js";
import { createEnrollmentService } from "../enrollments/service.js";
import { materialDashboardRoutes } from "../materials/dashboard-routes.js";
import { materialDownloadRoutes } from "../materials/download-routes.js";
import { materialRoutes } from "../materials/routes.js";
import { createMaterialService } from "../materials/service.js";
import { materialWorkspaceRoutes } from "../materials/workspace-routes.js";
import { mediaRoutes } from "../media/routes.js";
import { notesRoutes } from "../notes/routes.js";
import { createNotesService } from "../notes/service.js";
import type { StaffNotifier } from "../notifications/staff-events.js";
import { progressRoutes } from "../progress/routes.js";
import { createProgressService } from "../progress/service.js";
import { reviewRoutes } from "../reviews/routes.js";
import { createReviewService } from "../reviews/service.js";
import { scormAreaRoutes, scormRoutes } from "../scorm/routes.js";
import { createScormService } from "../scorm/service.js";
import { courseAreaRoutes, courseStatusRoutes } from "./area-routes.js";
import { createCourseCopier } from "./copy.js";
import { courseCopyRoutes } from "./copy-routes.js";
import { coursePictureFileRoute, coursePictureRoutes } from "./picture-routes.js";
import { createCoursePictureService } from "./picture-service.js";
import { createCourseReader } from "./reader.js";
import { courseRoutes } from "./routes.js";
import { createCourseService } from "./service.js";

export interface CourseLearningDeps {
  db: Kysely<Database>;
  guard: Guard;
  storage: Storage;
  /** Removes the files of deleted rows, after their transaction. */
  discard: DiscardFiles;
  signer: UrlSigner;
  publicCache: PublicCache;
  caches: ReadCaches;
  viewLog: ViewLog;
  /** Tells an instructor their course was published or reviewed. */
  staff: StaffNotifier;
}

/**
 * Courses and learning (catalogue, categories, authoring, content, materials, announcements,
 * enrollments, progress, lesson notes and media): its services wired once, its routes under /api.
 */
export async function courseLearningRoutes(app: FastifyInstance, deps: CourseLearningDeps): Promise<void> {
  const { db, guard, storage, discard, signer, publicCache, caches, viewLog, staff } = deps;
  const courses = createCourseService({ db, discard, staff });
  const pictures = createCoursePictureService({ db, storage, discard });
  const reader = createCourseReader({ db, signer, caches });
  const content = createContentService({ db, storage, discard });
  const materials = createMaterialService({ db, storage, discard });
  const announcements = createAnnouncementService({ db });
  const enrollments = createEnrollmentService({ db });
  const progress = createProgressService({ db });
  const categories = createCategoryService({ db });
  const notes = createNotesService({ db });
  const copier = createCourseCopier({ db });
  const scorm = createScormService({ db, storage, discard });
  const cartridges = {
    imports: createCcImportService({ db, storage }),
    exports: createCcExportService({ db, storage }),
  };

  await app.register(courseRoutes, { db, publicCache, guard, courses, reader, viewLog });
  await app.register(categoryRoutes, { db, publicCache, guard, categories });
  await app.register(enrollmentRoutes, { guard, enrollments });
  await app.register(progressRoutes, { guard, progress });
  await app.register(notesRoutes, { guard, notes });
  await app.register(mediaRoutes, { db, storage, signer });
  await app.register(scormRoutes, { guard, scorm, storage, signer });
  await app.register(coursePictureFileRoute, { pictures, storage });
  await app.register(materialDownloadRoutes, { materials, storage, signer });
  await app.register(materialDashboardRoutes, { guard, materials, signer });
  await app.register(materialWorkspaceRoutes, { guard, materials, signer });

  const areas = [
    { prefix: "/instructor", tag: "instructor", allowed: canUseInstructorArea },
    { prefix: "/admin", tag: "admin", allowed: isAdmin },
  ];
  for (const area of areas) {
    const base = { guard, prefix: area.prefix, tag: area.tag, allowed: area.allowed };
    await app.register(courseAreaRoutes, { ...base, courses, reader });
    await app.register(courseCopyRoutes, { ...base, db, copier });
    await app.register(cartridgeRoutes, { ...base, db, ...cartridges });
    await app.register(coursePictureRoutes, { ...base, pictures, storage });
    await app.register(contentRoutes, { ...base, content, storage, signer });
    await app.register(scormAreaRoutes, { ...base, scorm });
    await app.register(materialRoutes, { ...base, materials, storage, signer });
    await app.register(announcementRoutes, { ...base, announcements });
  }
  // Publishing: admins always; instructors of the course while the system setting allows it.
  for (const area of areas) {
    await app.register(courseStatusRoutes, {
      guard,
      prefix: area.prefix,
      tag: area.tag,
      allowed: area.allowed,
      courses,
    });
  }
  await app.register(reviewRoutes, { guard, reviews: createReviewService({ db, staff }) });
  const admin = { guard, prefix: "/admin", tag: "admin", allowed: isAdmin };
  await app.register(enrollmentAdminRoutes, { ...admin, enrollments, signer });
}
