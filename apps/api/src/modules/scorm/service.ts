import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  fileTooLargeMessage,
  MESSAGES,
  SCORM_FILE_TYPE,
  SCORM_MESSAGES,
  type ScormCmi,
  type ScormCmiSave,
  scormCmiSchema,
} from "@lms/contract";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { fromFlag, newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { AppError, badRequest, fieldError, forbidden, notFound } from "../../http/errors.js";
import { type Actor, canSeeDraftLessons } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import { safeFileName } from "../../storage/file-types.js";
import { meter } from "../../storage/meter.js";
import type { Storage } from "../../storage/storage.js";
import { logManagement } from "../activities/management.js";
import * as content from "../content/repo.js";
import { courseToManage, courseToRead } from "../courses/access.js";
import { findEnrollment } from "../enrollments/repo.js";
import { settleCompletion } from "../progress/completion.js";
import { upsertProgress } from "../progress/repo.js";
import { uploadLimits } from "../settings/upload-limits.js";
import { checkCmi, EMPTY_CMI, isDone, scaledScore, sessionSeconds } from "./cmi.js";
import { contentTypeOf } from "./content-types.js";
import { readManifest } from "./manifest.js";
import * as repo from "./repo.js";
import { openPackage } from "./unpack.js";

export type ScormService = ReturnType<typeof createScormService>;

const MANIFEST = "imsmanifest.xml";
const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;

async function readAll(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw badRequest(SCORM_MESSAGES.tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** SCORM packages: uploaded by the people who manage a course, launched and saved by its learners. */
export function createScormService(deps: { db: Kysely<Database>; storage: Storage; discard: DiscardFiles }) {
  const { db, storage, discard } = deps;

  async function managedLesson(actor: Actor, courseId: string, moduleId: string, lessonId: string) {
    await courseToManage(db, actor, courseId);
    const lesson = await content.findLesson(db, courseId, lessonId);
    if (!lesson || lesson.module_id !== moduleId) throw notFound(MESSAGES.lessonNotFound);
    return lesson;
  }

  /** The lesson's package, for someone who may read the course's content (drafts: its managers only). */
  async function readablePackage(actor: Actor, courseId: string, lessonId: string) {
    const { course, enrolled } = await courseToRead(db, actor, courseId);
    const lesson = await content.findLesson(db, courseId, lessonId);
    if (!lesson || (!fromFlag(lesson.is_published) && !canSeeDraftLessons(actor, course))) {
      throw notFound(MESSAGES.lessonNotFound);
    }
    const pkg = await repo.packageOfLesson(db, lessonId);
    if (!pkg) throw notFound(SCORM_MESSAGES.notFound);
    return { pkg, enrolled };
  }

  /** The multipart file in `package`, into a private temporary file (nothing reaches the storage yet). */
  async function receiveZip(request: FastifyRequest, folder: string, maxMegabytes: number) {
    if (!request.isMultipart()) throw new AppError(415, MESSAGES.multipartRequired);
    const maxBytes = maxMegabytes * 1024 * 1024;
    let received: { file: string; name: string } | null = null;
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
      if (part.type === "field") continue;
      if (part.fieldname !== "package" || received) {
        part.file.resume();
        continue;
      }
      const file = path.join(folder, "package.zip");
      const counter = meter(maxBytes, fileTooLargeMessage(maxMegabytes));
      try {
        await pipeline(part.file, counter.transform, createWriteStream(file, { mode: 0o600 }));
      } catch (error) {
        part.file.resume();
        throw error;
      }
      received = { file, name: safeFileName(part.filename, "package.zip") };
    }
    if (!received)
      throw badRequest(MESSAGES.selectAtLeastOneFile, [fieldError("package", MESSAGES.selectAtLeastOneFile)]);
    return received;
  }

  /** Checks the whole package and its manifest, then stores its files; a failure keeps none of them. */
  async function unpack(zipFile: string, packageId: string) {
    const opened = await openPackage(zipFile);
    try {
      const byPath = new Map(opened.entries.map((e) => [e.path, e]));
      const manifestEntry = byPath.get(MANIFEST);
      if (!manifestEntry) throw badRequest(SCORM_MESSAGES.manifestMissing);
      const xml = (await readAll(await opened.read(manifestEntry), MANIFEST_MAX_BYTES)).toString("utf8");
      const manifest = readManifest(xml, (p) => byPath.has(p));
      const files: repo.PackageFileRow[] = [];
      try {
        for (const entry of opened.entries) {
          // The declared size is the limit: a file that inflates to more is refused (and so is its package).
          const stored = await storage.put(await opened.read(entry), { prefix: "scorm", maxBytes: entry.size });
          files.push({
            id: newId(),
            package_id: packageId,
            path: entry.path,
            storage_key: stored.key,
            mime: contentTypeOf(entry.path),
            size: stored.size,
          });
        }
      } catch (error) {
        await storage.remove(files.map((f) => f.storage_key));
        throw error instanceof AppError ? badRequest(SCORM_MESSAGES.tooLarge) : error;
      }
      return { manifest, files };
    } finally {
      opened.close();
    }
  }

  return {
    async upload(actor: Actor, courseId: string, moduleId: string, lessonId: string, request: FastifyRequest) {
      const lesson = await managedLesson(actor, courseId, moduleId, lessonId);
      const { maxMegabytes } = await uploadLimits(db);
      const folder = await mkdtemp(path.join(tmpdir(), "lms-scorm-"));
      try {
        const zip = await receiveZip(request, folder, maxMegabytes);
        const packageId = newId();
        const { manifest, files } = await unpack(zip.file, packageId);
        const manifestKey = files.find((f) => f.path === MANIFEST)?.storage_key as string;
        const now = nowIso();
        const size = files.reduce((sum, f) => sum + f.size, 0);
        const fileRow = {
          id: newId(),
          course_id: courseId,
          lesson_id: lessonId,
          storage_key: manifestKey,
          name: zip.name,
          mime: SCORM_FILE_TYPE,
          kind: "scorm" as const,
          size,
          created_at: now,
        };
        const row: repo.PackageRow = {
          id: packageId,
          course_id: courseId,
          lesson_id: lessonId,
          file_id: fileRow.id,
          version: manifest.version,
          title: manifest.title.slice(0, 200),
          launch_path: manifest.launchPath,
          file_count: files.length,
          size,
          created_at: now,
        };
        // One package per lesson: a new one replaces the old (and its learners' data).
        const previous = await repo.packageOfLesson(db, lesson.id);
        const oldKeys = previous ? await repo.packageFileKeys(db, previous.id) : [];
        try {
          await db.transaction().execute(async (trx) => {
            if (previous) await trx.deleteFrom("lesson_files").where("id", "=", previous.file_id).execute();
            await content.insertFile(trx, fileRow);
            await repo.insertPackage(trx, row, files);
            await logManagement(trx, actor, {
              action: "lesson_file_upload",
              title: `Uploaded SCORM package ${zip.name}`,
              courseId,
              targetId: fileRow.id,
              details: { lessonId, size, mime: SCORM_FILE_TYPE },
            });
            await settleCompletion(trx, { courseId });
          });
        } catch (error) {
          await storage.remove(files.map((f) => f.storage_key));
          throw error;
        }
        await discard(oldKeys);
        return { row, file: fileRow };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async launch(actor: Actor, courseId: string, lessonId: string) {
      const { pkg } = await readablePackage(actor, courseId, lessonId);
      return { pkg, cmi: await this.cmiOf(pkg.id, actor.id) };
    },

    async cmiOf(packageId: string, userId: string): Promise<ScormCmi> {
      const attempt = await repo.findAttempt(db, packageId, userId);
      return attempt ? scormCmiSchema.parse(JSON.parse(attempt.cmi)) : EMPTY_CMI;
    },

    /**
     * Saves an enrolled learner's CMI data (on commit and finish). A finished session adds its time to
     * the total; a completed or passed package completes the lesson's file, which feeds progress and
     * the course's completion rule.
     */
    async save(actor: Actor, courseId: string, lessonId: string, input: ScormCmiSave) {
      const { pkg, enrolled } = await readablePackage(actor, courseId, lessonId);
      const enrollment = enrolled ? await findEnrollment(db, actor.id, courseId) : undefined;
      if (!enrollment) throw forbidden(MESSAGES.notEnrolled);
      checkCmi(pkg.version, input);
      const { finished, ...sent } = input;
      const before = await this.cmiOf(pkg.id, actor.id);
      const cmi: ScormCmi = {
        ...sent,
        totalSeconds: before.totalSeconds + (finished ? sessionSeconds(sent.sessionTime) : 0),
      };
      const done = isDone(cmi);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await repo.saveAttempt(trx, {
          id: newId(),
          package_id: pkg.id,
          user_id: actor.id,
          cmi: JSON.stringify(cmi),
          completion_status: cmi.completionStatus,
          success_status: cmi.successStatus,
          score_scaled: scaledScore(cmi),
          updated_at: now,
        });
        await upsertProgress(trx, {
          id: newId(),
          user_id: actor.id,
          course_id: courseId,
          lesson_id: lessonId,
          file_id: pkg.file_id,
          position: 0,
          duration: 0,
          completed: toFlag(done),
          viewed_at: now,
          completed_at: done ? now : null,
        });
        if (done) await settleCompletion(trx, { courseId, userIds: [actor.id] });
      });
      return { cmi, lessonCompleted: done };
    },

    /** A package file for a signed link: the package's row, the file's row and the learner's data for HTML. */
    async file(packageId: string, filePath: string) {
      const pkg = await repo.findPackage(db, packageId);
      const file = pkg ? await repo.findPackageFile(db, packageId, filePath) : undefined;
      if (!pkg || !file) throw notFound(SCORM_MESSAGES.fileNotFound);
      return { pkg, file };
    },

    async readText(key: string): Promise<string> {
      return (await readAll(storage.read(key), 20 * 1024 * 1024)).toString("utf8");
    },
  };
}
