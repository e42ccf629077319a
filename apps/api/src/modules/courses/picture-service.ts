import { COURSE_PICTURE_MAX_MB, COURSE_PICTURE_TYPES, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import type { UploadedFile, UploadOptions } from "../../http/upload.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { Storage } from "../../storage/storage.js";
import { changedFields, logManagement } from "../activities/management.js";
import { uploadLimits } from "../settings/upload-limits.js";
import { courseToManage } from "./access.js";
import * as repo from "./picture-repo.js";
import { findCourseWithNames } from "./repo.js";

export type CoursePictureService = ReturnType<typeof createCoursePictureService>;

/** The address the catalogue shows an uploaded picture at; the version makes a new picture bypass caches. */
export const coursePictureUrl = (courseId: string, version: string) =>
  `/api/courses/${courseId}/picture?v=${Date.parse(version)}`;

/**
 * A course's uploaded picture (issue 22), kept as avatars are: images judged from the content, the
 * file in storage, and the course's `thumbnail` pointing at it. A thumbnail URL set through the
 * course's own update replaces an uploaded picture (courses/service.ts drops it then).
 */
export function createCoursePictureService({
  db,
  storage,
  discard,
}: {
  db: Kysely<Database>;
  storage: Storage;
  discard: DiscardFiles;
}) {
  async function reload(courseId: string) {
    const course = await findCourseWithNames(db, courseId);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    return course;
  }

  return {
    /** Checked before a byte is read: the course's managers only; images within the smaller of 5 MB and maxFileSize. */
    async uploadOptions(actor: Actor, courseId: string): Promise<UploadOptions> {
      await courseToManage(db, actor, courseId);
      const { maxMegabytes } = await uploadLimits(db);
      return {
        field: "file",
        prefix: "course-pictures",
        maxMegabytes: Math.min(COURSE_PICTURE_MAX_MB, maxMegabytes),
        allowedTypes: [...COURSE_PICTURE_TYPES],
      };
    },

    /** Keeps the new picture and forgets the old one (its file goes once no row points at it). */
    async set(actor: Actor, courseId: string, file: UploadedFile | null) {
      let previous: Awaited<ReturnType<typeof repo.findPicture>>;
      try {
        if (!file)
          throw badRequest(MESSAGES.coursePictureNotImage, [fieldError("file", MESSAGES.coursePictureNotImage)]);
        const course = await courseToManage(db, actor, courseId);
        previous = await repo.findPicture(db, courseId);
        const now = nowIso();
        await db.transaction().execute(async (trx) => {
          await repo.savePicture(trx, { course_id: courseId, storage_key: file.key, mime: file.mime, updated_at: now });
          await trx
            .updateTable("courses")
            .set({ thumbnail: coursePictureUrl(courseId, now), updated_at: now })
            .where("id", "=", courseId)
            .execute();
          await logManagement(trx, actor, {
            action: "course_update",
            title: `Uploaded the picture of ${course.title}`,
            courseId,
            targetId: courseId,
            changes: changedFields({ thumbnail: course.thumbnail }, { thumbnail: coursePictureUrl(courseId, now) }),
          });
        });
      } catch (error) {
        if (file) await storage.remove([file.key]);
        throw error;
      }
      await discard([previous?.storage_key ?? null]);
      return reload(courseId);
    },

    async remove(actor: Actor, courseId: string) {
      const course = await courseToManage(db, actor, courseId);
      const previous = await repo.findPicture(db, courseId);
      if (!previous) throw notFound(MESSAGES.coursePictureMissing);
      await db.transaction().execute(async (trx) => {
        await repo.deletePicture(trx, courseId);
        await trx
          .updateTable("courses")
          .set({ thumbnail: null, updated_at: nowIso() })
          .where("id", "=", courseId)
          .execute();
        await logManagement(trx, actor, {
          action: "course_update",
          title: `Removed the picture of ${course.title}`,
          courseId,
          targetId: courseId,
          changes: changedFields({ thumbnail: course.thumbnail }, { thumbnail: null }),
        });
      });
      await discard([previous.storage_key]);
      return reload(courseId);
    },

    /** The stored picture to serve: anyone may see it, as anyone may see the thumbnail URL it replaces. */
    async file(courseId: string) {
      const picture = await repo.findPicture(db, courseId);
      if (!picture) throw notFound(MESSAGES.coursePictureMissing);
      const ext = picture.mime.split("/")[1] ?? "img";
      return { key: picture.storage_key, mime: picture.mime, name: `course-picture.${ext}`, download: false };
    },
  };
}
