import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES as M,
  type QUESTION_IMAGE_TYPES,
  type QuestionImage,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import type { UploadedFile, UploadOptions } from "../../http/upload.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import { uploadLimits } from "../settings/upload-limits.js";
import { assessmentToManage } from "./access.js";
import type { FrozenQuestion } from "./grading.js";
import * as repo from "./repo.js";

type ImageType = (typeof QUESTION_IMAGE_TYPES)[number];
const PREFIX = "question-images";
const EXTENSIONS: Record<string, ImageType> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
export const IMAGE_MIME: Record<ImageType, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** A question image's signed link and alt text. */
export type ImageLink = (image: NonNullable<FrozenQuestion["image"]>) => QuestionImage;

/** The signed path GET /api/question-images/{ext}/{fileId} serves; the storage key is `question-images/{fileId}`. */
export const imageFilePath = (ext: string, fileId: string) => `/api/question-images/${ext}/${fileId}`;
const imagePath = (key: string, mime: string) => imageFilePath(EXTENSIONS[mime], key.slice(PREFIX.length + 1));
export const imageKeyOf = (fileId: string) => `${PREFIX}/${fileId}`;

/**
 * Signed links are handed out only with what may be read: a manager's view of the assessment, or
 * an attempt shown to its learner or the course's managers.
 */
export const createImageLink =
  (signer: UrlSigner): ImageLink =>
  (image) => ({ url: signer.sign(imagePath(image.key, image.mime)), alt: image.alt });

/** Removes image files no question and no attempt of the assessment points at any more. */
export async function dropUnusedImages(
  db: Kysely<Database>,
  discard: DiscardFiles,
  assessmentId: string,
  keys: (string | null)[],
) {
  const unused: string[] = [];
  for (const key of new Set(keys.filter((k): k is string => Boolean(k)))) {
    if (!(await repo.imageInUse(db, assessmentId, key))) unused.push(key);
  }
  await discard(unused);
}

/** Images only, judged from the content, within the image limit and maxFileSize. */
export async function questionImageUploadOptions(db: Kysely<Database>): Promise<UploadOptions> {
  const { maxMegabytes } = await uploadLimits(db);
  return {
    field: "file",
    prefix: PREFIX,
    maxMegabytes: Math.min(ASSESSMENT_LIMITS.imageMaxMegabytes, maxMegabytes),
    allowedTypes: Object.values(EXTENSIONS),
  };
}

/** A copy of each image of `rows` under a new key, so the copy and the original never share a file. */
export async function copyImageFiles(storage: Storage, rows: repo.QuestionRow[]): Promise<repo.QuestionRow[]> {
  const copied: repo.QuestionRow[] = [];
  for (const row of rows) {
    const size = row.image_key ? await storage.size(row.image_key) : null;
    if (!row.image_key || size === null) {
      copied.push({ ...row, image_key: null, image_mime: null });
      continue;
    }
    const stored = await storage.put(storage.read(row.image_key), { prefix: PREFIX, maxBytes: size + 1 });
    copied.push({ ...row, image_key: stored.key });
  }
  return copied;
}

export type QuestionImageService = ReturnType<typeof createQuestionImageService>;

/**
 * One optional image per question, uploaded by the assessment's managers. An image file is kept
 * while its question or an attempt that served it still points at it (attempts freeze questions).
 */
export function createQuestionImageService({
  db,
  storage,
  discard,
  now,
}: {
  db: Kysely<Database>;
  storage: Storage;
  discard: DiscardFiles;
  now: () => Date;
}) {
  async function questionToManage(actor: Actor, courseId: string, assessmentId: string, questionId: string) {
    await assessmentToManage(db, actor, courseId, assessmentId);
    const question = (await repo.questionsOf(db, assessmentId)).find((q) => q.id === questionId);
    if (!question) throw notFound(M.questionNotFound);
    return question;
  }

  const dropUnused = (assessmentId: string, keys: (string | null)[]) =>
    dropUnusedImages(db, discard, assessmentId, keys);

  return {
    /** Checked before a byte is read: images only, within maxFileSize and the image limit. */
    async prepareUpload(actor: Actor, courseId: string, assessmentId: string, questionId: string) {
      await questionToManage(actor, courseId, assessmentId, questionId);
      return questionImageUploadOptions(db);
    },

    /** Sets (or replaces) the question's image; `alt`, when sent, replaces its alt text. */
    async attach(
      actor: Actor,
      ids: { courseId: string; assessmentId: string; questionId: string },
      file: UploadedFile | null,
      alt: string | undefined,
    ) {
      try {
        if (!file) throw badRequest(M.imageNotImage, [fieldError("file", M.imageNotImage)]);
        const trimmed = alt?.trim();
        if (trimmed !== undefined && trimmed.length > ASSESSMENT_LIMITS.imageAltMax) {
          throw badRequest(M.imageAltTooLong, [fieldError("alt", M.imageAltTooLong)]);
        }
        const question = await questionToManage(actor, ids.courseId, ids.assessmentId, ids.questionId);
        await repo.setQuestionImage(db, question.id, {
          image_key: file.key,
          image_mime: file.mime,
          image_alt: trimmed ?? question.image_alt,
          updated_at: now().toISOString(),
        });
        await dropUnused(ids.assessmentId, [question.image_key]);
      } catch (error) {
        if (file) await storage.remove([file.key]);
        throw error;
      }
    },

    async remove(actor: Actor, ids: { courseId: string; assessmentId: string; questionId: string }) {
      const question = await questionToManage(actor, ids.courseId, ids.assessmentId, ids.questionId);
      if (!question.image_key) throw notFound(M.imageMissing);
      await repo.setQuestionImage(db, question.id, {
        image_key: null,
        image_mime: null,
        image_alt: null,
        updated_at: now().toISOString(),
      });
      await dropUnused(ids.assessmentId, [question.image_key]);
    },

    copyImages: (rows: repo.QuestionRow[]) => copyImageFiles(storage, rows),
  };
}
