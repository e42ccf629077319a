import type { AnswerFile, Attempt } from "@lms/contract";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { AnswerFileService } from "./answer-files.js";
import type { AnswerFileRow } from "./file-repo.js";
import { frozenQuestions, presentAttempt } from "./present.js";
import type { ImageLink } from "./question-images.js";
import type { AnswerRow, AttemptRow } from "./repo.js";

/** The signed path of an answer file, served by GET /api/answer-files/{fileId}. */
export const answerFilePath = (fileId: string) => `/api/answer-files/${fileId}`;

export function presentAnswerFile(row: AnswerFileRow, signer: UrlSigner): AnswerFile {
  return {
    _id: row.id,
    name: row.file_name,
    size: Number(row.size),
    mimeType: row.mime,
    url: signer.sign(answerFilePath(row.id)),
  };
}

export type AttemptView = (attempt: AttemptRow, answers: AnswerRow[], showKey: boolean) => Promise<Attempt>;

/**
 * Presents an attempt with its uploaded files (signed links). Only the attempt's owner and the
 * course's managers are ever shown an attempt, so only they get the links.
 */
export function createAttemptView(files: AnswerFileService, signer: UrlSigner, link: ImageLink): AttemptView {
  return async (attempt, answers, showKey) => {
    const takesFiles = frozenQuestions(attempt).some((q) => q.type === "file_upload");
    const rows = takesFiles ? await files.filesOf(attempt.id) : [];
    const byQuestion = new Map(rows.map((row) => [row.question_id, presentAnswerFile(row, signer)]));
    return presentAttempt(attempt, answers, showKey, link, byQuestion);
  };
}
