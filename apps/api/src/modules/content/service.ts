import {
  type ContentOrder,
  type LessonCreate,
  type LessonUpdate,
  MESSAGES,
  type ModuleCreate,
  type ModuleUpdate,
} from "@lms/contract";
import type { Kysely } from "kysely";
import { isForeignKeyViolation } from "../../db/errors.js";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import type { UploadedFile, UploadOptions } from "../../http/upload.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { Storage } from "../../storage/storage.js";
import { changedFields, loggedChange, logManagement } from "../activities/management.js";
import { sanitizeQuestionText } from "../assessments/rich-text.js";
import { courseToManage } from "../courses/access.js";
import { settleCompletion } from "../progress/completion.js";
import { uploadLimits } from "../settings/upload-limits.js";
import { checkContentOrder } from "./order.js";
import * as repo from "./repo.js";

export type ContentService = ReturnType<typeof createContentService>;

/** Modules, lessons and lesson files of a course, for the people who manage it. */
export function createContentService(deps: { db: Kysely<Database>; storage: Storage; discard: DiscardFiles }) {
  const { db, storage, discard } = deps;
  /** Content added or removed changes what the course's completion rule asks of every learner. */
  const settleCourse = (courseId: string) => db.transaction().execute((trx) => settleCompletion(trx, { courseId }));

  async function moduleOf(actor: Actor, courseId: string, moduleId: string) {
    await courseToManage(db, actor, courseId);
    const module = await repo.findModule(db, courseId, moduleId);
    if (!module) throw notFound(MESSAGES.moduleNotFound);
    return module;
  }

  async function lessonOf(actor: Actor, courseId: string, moduleId: string, lessonId: string) {
    await moduleOf(actor, courseId, moduleId);
    const lesson = await repo.findLesson(db, courseId, lessonId);
    if (!lesson || lesson.module_id !== moduleId) throw notFound(MESSAGES.lessonNotFound);
    return lesson;
  }

  /**
   * Deletes rows (one statement; what hangs below cascades) in a transaction that answers their
   * files' keys, then those files once it has committed, and decides the learners' completion again.
   */
  async function removeWithFiles(courseId: string, deleteRows: () => Promise<string[]>) {
    await discard(await deleteRows());
    await settleCourse(courseId);
  }

  return {
    async createModule(actor: Actor, courseId: string, input: ModuleCreate) {
      await courseToManage(db, actor, courseId);
      const now = nowIso();
      const row = {
        id: newId(),
        course_id: courseId,
        title: input.title,
        description: input.description,
        sort_order: input.order ?? (await repo.nextModuleOrder(db, courseId)),
        created_at: now,
        updated_at: now,
      };
      await loggedChange(
        db,
        actor,
        {
          action: "module_create",
          title: `Added module ${row.title}`,
          courseId,
          targetId: row.id,
        },
        (trx) => repo.insertModule(trx, row),
      );
      return row;
    },

    async updateModule(actor: Actor, courseId: string, moduleId: string, input: ModuleUpdate) {
      const module = await moduleOf(actor, courseId, moduleId);
      const changes = {
        title: input.title ?? module.title,
        description: input.description ?? module.description,
        sort_order: input.order ?? module.sort_order,
        updated_at: nowIso(),
      };
      await db.transaction().execute(async (trx) => {
        await repo.updateModule(trx, moduleId, changes);
        const { updated_at: _at, ...changed } = changes;
        await logManagement(trx, actor, {
          action: "module_update",
          title: `Updated module ${changes.title}`,
          courseId,
          targetId: moduleId,
          changes: changedFields(module, changed),
        });
      });
      return { module: { ...module, ...changes }, ...(await repo.lessonsWithFiles(db, moduleId)) };
    },

    async deleteModule(actor: Actor, courseId: string, moduleId: string) {
      const module = await moduleOf(actor, courseId, moduleId);
      await removeWithFiles(courseId, () =>
        db.transaction().execute(async (trx) => {
          const keys = await repo.lessonFileKeys(trx, { moduleId });
          await repo.deleteModule(trx, moduleId);
          await logManagement(trx, actor, {
            action: "module_delete",
            title: `Deleted module ${module.title}`,
            courseId,
            targetId: moduleId,
          });
          return keys;
        }),
      );
    },

    async createLesson(actor: Actor, courseId: string, moduleId: string, input: LessonCreate) {
      await moduleOf(actor, courseId, moduleId);
      const now = nowIso();
      const row = {
        id: newId(),
        course_id: courseId,
        module_id: moduleId,
        title: input.title,
        description: input.description,
        body: sanitizeQuestionText(input.body),
        sort_order: input.order ?? (await repo.nextLessonOrder(db, moduleId)),
        is_published: toFlag(input.isPublished),
        created_at: now,
        updated_at: now,
      };
      await loggedChange(
        db,
        actor,
        {
          action: "lesson_create",
          title: `Added lesson ${row.title}`,
          courseId,
          targetId: row.id,
        },
        (trx) => repo.insertLesson(trx, row),
      );
      return row;
    },

    async updateLesson(actor: Actor, courseId: string, moduleId: string, lessonId: string, input: LessonUpdate) {
      const lesson = await lessonOf(actor, courseId, moduleId, lessonId);
      const changes = {
        title: input.title ?? lesson.title,
        description: input.description ?? lesson.description,
        body: input.body === undefined ? lesson.body : sanitizeQuestionText(input.body),
        sort_order: input.order ?? lesson.sort_order,
        is_published: input.isPublished === undefined ? lesson.is_published : toFlag(input.isPublished),
        updated_at: nowIso(),
      };
      await db.transaction().execute(async (trx) => {
        await repo.updateLesson(trx, lessonId, changes);
        const { updated_at: _at, ...changed } = changes;
        await logManagement(trx, actor, {
          action: "lesson_update",
          title: `Updated lesson ${changes.title}`,
          courseId,
          targetId: lessonId,
          changes: changedFields(lesson, changed),
        });
        if (changes.is_published !== lesson.is_published) await settleCompletion(trx, { courseId });
      });
      return { lesson: { ...lesson, ...changes }, files: await repo.filesOfLesson(db, lessonId) };
    },

    async deleteLesson(actor: Actor, courseId: string, moduleId: string, lessonId: string) {
      const lesson = await lessonOf(actor, courseId, moduleId, lessonId);
      await removeWithFiles(courseId, () =>
        db.transaction().execute(async (trx) => {
          const keys = await repo.lessonFileKeys(trx, { lessonId });
          await repo.deleteLesson(trx, lessonId);
          await logManagement(trx, actor, {
            action: "lesson_delete",
            title: `Deleted lesson ${lesson.title}`,
            courseId,
            targetId: lessonId,
          });
          return keys;
        }),
      );
    },

    /** Puts modules and each module's lessons in the order given, all at once (sort orders 1, 2, 3…). */
    async reorder(actor: Actor, courseId: string, order: ContentOrder) {
      await courseToManage(db, actor, courseId);
      await db.transaction().execute(async (trx) => {
        checkContentOrder(order, await repo.contentIds(trx, courseId));
        await repo.setModuleOrder(
          trx,
          order.modules.map((m) => m._id),
        );
        for (const module of order.modules) await repo.setLessonOrder(trx, module.lessonIds);
        await logManagement(trx, actor, {
          action: "content_reorder",
          title: "Reordered modules and lessons",
          courseId,
          targetId: courseId,
        });
      });
      return repo.loadCourseContent(db, courseId, { publishedOnly: false });
    },

    /**
     * Checks the lesson before the upload starts, and returns the limits the upload must keep: the
     * size limit only, as lesson files may be of any type (spec §5); GET /media serves the types the
     * viewer cannot show as downloads.
     */
    async prepareUpload(actor: Actor, courseId: string, moduleId: string, lessonId: string): Promise<UploadOptions> {
      await lessonOf(actor, courseId, moduleId, lessonId);
      const { maxMegabytes } = await uploadLimits(db);
      return { field: "content", prefix: "lessons", maxMegabytes, allowedTypes: "any" };
    },

    async addFile(actor: Actor, courseId: string, lessonId: string, file: UploadedFile) {
      const row = {
        id: newId(),
        course_id: courseId,
        lesson_id: lessonId,
        storage_key: file.key,
        name: file.name,
        mime: file.mime,
        kind: file.mime.startsWith("video/") ? ("video" as const) : ("resource" as const),
        size: file.size,
        created_at: nowIso(),
      };
      try {
        await loggedChange(
          db,
          actor,
          {
            action: "lesson_file_upload",
            title: `Uploaded file ${file.name}`,
            courseId,
            targetId: row.id,
            details: { lessonId, size: file.size, mime: file.mime },
          },
          (trx) => repo.insertFile(trx, row),
        );
      } catch (error) {
        // Keep nothing of a file whose row could not be written (e.g. the lesson went away meanwhile).
        await storage.remove([file.key]);
        if (isForeignKeyViolation(error)) throw notFound(MESSAGES.lessonNotFound);
        throw error;
      }
      await settleCourse(courseId);
      return row;
    },

    async deleteFile(actor: Actor, courseId: string, moduleId: string, lessonId: string, fileId: string) {
      await lessonOf(actor, courseId, moduleId, lessonId);
      const file = await repo.findFile(db, fileId);
      if (!file || file.lesson_id !== lessonId) throw notFound(MESSAGES.fileNotFound);
      await removeWithFiles(courseId, () =>
        db.transaction().execute(async (trx) => {
          const unpacked = await repo.packageKeysOfFile(trx, fileId);
          await repo.deleteFile(trx, fileId);
          await logManagement(trx, actor, {
            action: "lesson_file_delete",
            title: `Deleted file ${file.name}`,
            courseId,
            targetId: fileId,
          });
          return [file.storage_key, ...unpacked];
        }),
      );
    },
  };
}
