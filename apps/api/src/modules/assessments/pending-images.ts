import { ASSESSMENT_MESSAGES as M } from "@lms/contract";
import type { Kysely, Transaction } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database, PendingQuestionImagesTable } from "../../db/types.js";
import { badRequest, fieldError } from "../../http/errors.js";
import type { UploadedFile } from "../../http/upload.js";
import type { Actor } from "../../policies/index.js";
import type { Storage } from "../../storage/storage.js";
import { courseToManage } from "./access.js";
import { questionImageUploadOptions } from "./question-images.js";

type Executor = Kysely<Database> | Transaction<Database>;

/** An image uploaded for a question not saved yet waits this long for the save; the storage sweep drops it after. */
export const PENDING_IMAGE_TTL_MS = 24 * 60 * 60_000;

export type PendingImageService = ReturnType<typeof createPendingImageService>;

/**
 * Question images uploaded before their question's first save (issue 22): each belongs to its
 * uploader and course, and a save that names it in `imageUpload` makes it the question's image.
 */
export function createPendingImageService({
  db,
  storage,
  now,
}: {
  db: Kysely<Database>;
  storage: Storage;
  now: () => Date;
}) {
  return {
    /** Checked before a byte is read: the course's managers only, the question images' limits. */
    async prepareUpload(actor: Actor, courseId: string) {
      await courseToManage(db, actor, courseId);
      return questionImageUploadOptions(db);
    },

    async keep(actor: Actor, courseId: string, file: UploadedFile | null): Promise<PendingQuestionImagesTable> {
      try {
        if (!file) throw badRequest(M.imageNotImage, [fieldError("file", M.imageNotImage)]);
        const row = {
          id: newId(),
          course_id: courseId,
          uploaded_by: actor.id,
          storage_key: file.key,
          mime: file.mime,
          created_at: now().toISOString(),
        };
        await db.insertInto("pending_question_images").values(row).execute();
        return row;
      } catch (error) {
        if (file) await storage.remove([file.key]);
        throw error;
      }
    },
  };
}

/** The caller's own pending image for this course, still within its time; undefined otherwise. */
export async function findPendingImage(db: Executor, ids: { id: string; courseId: string; actor: Actor; now: Date }) {
  const cutoff = new Date(ids.now.getTime() - PENDING_IMAGE_TTL_MS).toISOString();
  return db
    .selectFrom("pending_question_images")
    .selectAll()
    .where("id", "=", ids.id)
    .where("course_id", "=", ids.courseId)
    .where("uploaded_by", "=", ids.actor.id)
    .where("created_at", ">", cutoff)
    .executeTakeFirst();
}

export async function deletePendingImages(db: Executor, ids: string[]) {
  if (ids.length > 0) await db.deleteFrom("pending_question_images").where("id", "in", ids).execute();
}

/** Forgets pending images past their time; answers their keys, for the files to go too. */
export async function expirePendingImages(db: Executor, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - PENDING_IMAGE_TTL_MS).toISOString();
  const rows = await db
    .deleteFrom("pending_question_images")
    .where("created_at", "<=", cutoff)
    .returning("storage_key")
    .execute();
  return rows.map((row) => row.storage_key);
}
