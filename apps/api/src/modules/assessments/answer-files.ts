import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import type { Transaction } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, notFound } from "../../http/errors.js";
import type { UploadedFile, UploadOptions } from "../../http/upload.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { Storage } from "../../storage/storage.js";
import { uploadLimits } from "../settings/upload-limits.js";
import { type AttemptCloserDeps, createAttemptCloser } from "./closing.js";
import * as files from "./file-repo.js";
import { frozenQuestions } from "./present.js";
import * as repo from "./repo.js";

export type AnswerFileService = ReturnType<typeof createAnswerFileService>;

/** Types a browser shows inline safely; every other file is only offered as a download. */
const INLINE_TYPES = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Files a learner uploads to the file_upload questions of their own open attempt: one per
 * question, replaced or removed while the attempt is open, kept with it once submitted.
 */
export function createAnswerFileService({
  db,
  storage,
  discard,
  now,
  staff,
}: AttemptCloserDeps & {
  storage: Storage;
  discard: DiscardFiles;
}) {
  const { finish, pastGrace } = createAttemptCloser({ db, now, staff });

  /** The caller's open attempt and a file question of it: someone else's attempt is 404, a closed one 409. */
  async function openFileQuestion(actor: Actor, attemptId: string, questionId: string) {
    const attempt = await repo.findAttempt(db, attemptId);
    if (!attempt || attempt.user_id !== actor.id) throw notFound(M.attemptNotFound);
    if (attempt.state !== "in_progress") throw conflict(M.attemptClosed);
    if (pastGrace(attempt)) {
      const assessment = await repo.findAssessment(db, attempt.assessment_id);
      if (assessment) await finish(attempt, assessment);
      throw conflict(M.timeUp);
    }
    const question = frozenQuestions(attempt).find((q) => q.id === questionId);
    if (!question) throw badRequest(M.questionNotInAttempt, [fieldError("questionId", M.questionNotInAttempt)]);
    if (question.type !== "file_upload") {
      throw badRequest(M.notAFileQuestion, [fieldError("questionId", M.notAFileQuestion)]);
    }
    return attempt;
  }

  /** Stored keys are removed only after the database no longer points at them. */
  async function inOpenAttempt<T>(attemptId: string, work: (trx: Transaction<Database>) => Promise<T>) {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.touchOpenAttempt(trx, attemptId, now().toISOString()))) throw conflict(M.attemptClosed);
      return work(trx);
    });
  }

  /** The attempt as it is now, for the answer. */
  async function current(attemptId: string) {
    const attempt = await repo.findAttempt(db, attemptId);
    if (!attempt) throw notFound(M.attemptNotFound);
    return { attempt, answers: await repo.answersOf(db, attemptId) };
  }

  return {
    /** Checked before a byte is read: the limits are the system settings', like every upload. */
    async prepareUpload(actor: Actor, attemptId: string, questionId: string): Promise<UploadOptions> {
      await openFileQuestion(actor, attemptId, questionId);
      return { field: "file", prefix: "answers", ...(await uploadLimits(db)) };
    },

    /** Keeps the uploaded file as the question's answer, in place of an earlier one. */
    async attach(actor: Actor, attemptId: string, questionId: string, file: UploadedFile | null) {
      if (!file) throw badRequest(MESSAGES.selectFile, [fieldError("file", MESSAGES.selectFile)]);
      try {
        await openFileQuestion(actor, attemptId, questionId);
        const replaced = await inOpenAttempt(attemptId, (trx) =>
          files.replaceFile(trx, {
            id: newId(),
            attempt_id: attemptId,
            question_id: questionId,
            storage_key: file.key,
            file_name: file.name,
            mime: file.mime,
            size: file.size,
            created_at: now().toISOString(),
          }),
        );
        // Never throws: the new file is the answer now and must not be cleaned up below.
        await discard([replaced]);
      } catch (error) {
        await storage.remove([file.key]);
        throw error;
      }
      return current(attemptId);
    },

    async remove(actor: Actor, attemptId: string, questionId: string) {
      await openFileQuestion(actor, attemptId, questionId);
      const removed = await inOpenAttempt(attemptId, async (trx) => {
        const current = await files.findQuestionFile(trx, attemptId, questionId);
        if (!current) throw notFound(M.answerFileNotFound);
        await files.deleteFile(trx, current.id);
        return current.storage_key;
      });
      await discard([removed]);
      return current(attemptId);
    },

    /** A file through its signed link (handed only to the learner and the course's managers). */
    async forSignedLink(fileId: string, download: boolean) {
      const file = await files.findFile(db, fileId);
      if (!file) throw notFound(M.answerFileNotFound);
      return {
        key: file.storage_key,
        mime: file.mime,
        name: file.file_name,
        download: download || !INLINE_TYPES.has(file.mime),
      };
    },

    filesOf: (attemptId: string) => files.filesOf(db, attemptId),
  };
}
