import { Readable } from "node:stream";
import { QTI_MESSAGES as M, type QtiItem, type QuestionInput } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { detectFileType, isAllowedType } from "../../storage/file-types.js";
import type { Storage } from "../../storage/storage.js";
import { courseToManage } from "../assessments/access.js";
import { deletePendingImages, type PendingImageService } from "../assessments/pending-images.js";
import { questionImageUploadOptions } from "../assessments/question-images.js";
import type { AssessmentService } from "../assessments/service.js";
import { type ItemReading, readItem } from "./qti-item.js";
import { readUpload, resolveHref } from "./qti-package.js";
import { isQti12Item, readQti12Item } from "./qti12-item.js";

type Reading = Extract<ItemReading, { question: QuestionInput }>;

export type QtiImportService = ReturnType<typeof createQtiImportService>;

/** QTI 3.0 and 2.1 (and a QTI 1.2 CC profile file) into a new assessment of a course (issue 24), with the items' images. */
export function createQtiImportService(deps: {
  db: Kysely<Database>;
  storage: Storage;
  assessments: AssessmentService;
  pending: PendingImageService;
}) {
  const { db, storage, assessments, pending } = deps;

  /** The question's image from the package, kept as a pending question image; undefined when there is none to take. */
  async function keepImage(
    actor: Actor,
    courseId: string,
    reading: Reading,
    itemPath: string,
    files: Map<string, Buffer>,
  ) {
    const href = reading.image && resolveHref(itemPath, reading.image.src);
    const bytes = href ? files.get(href) : undefined;
    if (!bytes) return undefined;
    const options = await questionImageUploadOptions(db);
    const type = await detectFileType(bytes.subarray(0, 4100), href as string);
    if (options.allowedTypes === "any" || !isAllowedType(type, options.allowedTypes)) return undefined;
    if (bytes.length > options.maxMegabytes * 1024 * 1024) return undefined;
    const stored = await storage.put(Readable.from([bytes]), { prefix: options.prefix, maxBytes: bytes.length + 1 });
    const file = { key: stored.key, size: stored.size, name: href as string, mime: type.mime, ext: type.ext };
    return (await pending.keep(actor, courseId, file)).id;
  }

  return {
    async importInto(actor: Actor, courseId: string, upload: { name: string; bytes: Buffer; title?: string }) {
      await courseToManage(db, actor, courseId);
      const parsed = await readUpload(upload.name, upload.bytes);
      const readings = parsed.items.map((item) => ({
        item,
        reading: isQti12Item(item.root) ? readQti12Item(item.root, item.path) : readItem(item.root, item.path),
      }));
      const imported: QtiItem[] = [];
      const skipped: QtiItem[] = parsed.missing.map((p) => ({ identifier: p, type: "missing-file" }));
      const taken: { reading: Reading; path: string }[] = [];
      for (const { item, reading } of readings) {
        if ("skipped" in reading) {
          skipped.push({ identifier: reading.identifier, type: reading.skipped, reason: reading.reason });
        } else {
          const feedback = reading.feedbackDropped ? { feedbackDropped: true } : {};
          imported.push({ identifier: reading.identifier, type: reading.question.type, ...feedback });
          taken.push({ reading, path: item.path });
        }
      }
      if (taken.length === 0) throw badRequest(M.noItems, [fieldError("file", M.noItems)]);

      const pendingIds: string[] = [];
      try {
        const questions: QuestionInput[] = [];
        for (const { reading, path } of taken) {
          const imageUpload = await keepImage(actor, courseId, reading, path, parsed.files);
          if (imageUpload) pendingIds.push(imageUpload);
          questions.push(imageUpload ? { ...reading.question, imageUpload } : reading.question);
        }
        const title = upload.title || parsed.title || upload.name.replace(/\.(zip|xml)$/i, "") || "QTI";
        const created = await assessments.create(actor, courseId, { title: title.slice(0, 200), questions });
        return { ...created, imported, skipped };
      } catch (error) {
        const rows = await db
          .selectFrom("pending_question_images")
          .select("storage_key")
          .where("id", "in", pendingIds.length ? pendingIds : [""])
          .execute();
        await deletePendingImages(db, pendingIds);
        await storage.remove(rows.map((r) => r.storage_key));
        throw error;
      }
    },
  };
}
