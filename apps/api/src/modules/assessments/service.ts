import {
  ASSESSMENT_DEFAULTS,
  type AssessmentCreate,
  type AssessmentUpdate,
  type CataloguedMessage,
  ASSESSMENT_MESSAGES as M,
  type QuestionInput,
} from "@lms/contract";
import { newId, toFlag } from "../../db/ids.js";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import { type Actor, isAdmin } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { Storage } from "../../storage/storage.js";
import { changedFields, loggedChange, logManagement } from "../activities/management.js";
import { assessmentToManage, courseToManage } from "./access.js";
import { type AttemptCloserDeps, createAttemptCloser } from "./closing.js";
import { fileKeysOfAssessment } from "./file-repo.js";
import { round2 } from "./grading.js";
import { deletePendingImages, findPendingImage } from "./pending-images.js";
import { questionData, questionFromRow } from "./present.js";
import { copyImageFiles, dropUnusedImages } from "./question-images.js";
import * as repo from "./repo.js";
import { hasVisibleText, sanitizeQuestionText } from "./rich-text.js";

export type AssessmentService = ReturnType<typeof createAssessmentService>;

const invalid = (path: string, message: CataloguedMessage) => badRequest(message, [fieldError(path, message)]);

/** Settings as columns; only those present in `input`. */
function settingColumns(input: AssessmentUpdate): Partial<repo.AssessmentRow> {
  const columns: Partial<repo.AssessmentRow> = {
    title: input.title,
    description: input.description,
    type: input.type,
    published: input.published === undefined ? undefined : toFlag(input.published),
    available_from: input.availableFrom,
    due_date: input.dueDate,
    late_submissions: input.lateSubmissions,
    late_penalty_percent: input.latePenaltyPercent,
    late_penalty_per: input.latePenaltyPer,
    late_penalty_floor: input.latePenaltyFloor,
    attempts_allowed: input.attemptsAllowed,
    scoring_rule: input.scoringRule,
    time_limit_minutes: input.timeLimitMinutes,
    passing_score: input.passingScore,
    shuffle_questions: input.shuffleQuestions === undefined ? undefined : toFlag(input.shuffleQuestions),
    shuffle_options: input.shuffleOptions === undefined ? undefined : toFlag(input.shuffleOptions),
    show_correct_answers: input.showCorrectAnswers,
    question_pool_size: input.questionPoolSize,
    weight: input.weight,
    required_for_completion:
      input.requiredForCompletion === undefined ? undefined : toFlag(input.requiredForCompletion),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/**
 * The question rows of `inputs` (in order), their text sanitised. A sent `_id` keeps the id of one
 * of `existingIds`; new questions get new ids.
 */
export function questionRows(assessmentId: string, inputs: QuestionInput[], existing: repo.QuestionRow[], now: string) {
  const byId = new Map(existing.map((q) => [q.id, q]));
  const seen = new Set<string>();
  return inputs.map((input, index): repo.QuestionRow => {
    const id = input._id ?? newId();
    const kept = input._id ? byId.get(input._id) : undefined;
    if (input._id && (!kept || seen.has(input._id))) {
      throw invalid(`questions.${index}._id`, M.unknownQuestionId);
    }
    seen.add(id);
    const text = sanitizeQuestionText(input.text);
    if (!hasVisibleText(text)) throw invalid(`questions.${index}.text`, M.questionTextRequired);
    const feedback = sanitizeQuestionText(input.feedback ?? "");
    return {
      id,
      assessment_id: assessmentId,
      position: index + 1,
      type: input.type,
      text,
      points: input.points,
      data: JSON.stringify(questionData(input)),
      // A kept question keeps its image (uploaded on its own); the alt text comes with the question.
      image_key: kept?.image_key ?? null,
      image_mime: kept?.image_mime ?? null,
      image_alt: input.imageAlt ?? kept?.image_alt ?? null,
      feedback: hasVisibleText(feedback) ? feedback : null,
      created_at: now,
      updated_at: now,
    };
  });
}

/** totalPoints: the sum of the questions' points (at least 1); without questions, the one sent. */
function totalPointsOf(questions: { points: number }[], sent: number | undefined, current: number | undefined) {
  if (questions.length === 0) {
    const total = sent ?? current;
    if (total === undefined || total < 1) throw invalid("totalPoints", M.totalPointsMin);
    return total;
  }
  const sum = round2(questions.reduce((acc, q) => acc + q.points, 0));
  if (sum < 1) throw invalid("totalPoints", M.totalPointsMin);
  if (sent !== undefined && round2(sent) !== sum) throw invalid("totalPoints", M.totalPointsMismatch);
  return sum;
}

/** A new assessment's row: the defaults, the settings sent and the questions' total points. */
export function newAssessmentRow(
  input: AssessmentCreate,
  courseId: string,
  actorId: string,
  timestamp: string,
): repo.AssessmentRow {
  return {
    id: newId(),
    course_id: courseId,
    title: input.title,
    description: ASSESSMENT_DEFAULTS.description,
    type: ASSESSMENT_DEFAULTS.type,
    published: toFlag(ASSESSMENT_DEFAULTS.published),
    available_from: ASSESSMENT_DEFAULTS.availableFrom,
    due_date: ASSESSMENT_DEFAULTS.dueDate,
    late_submissions: ASSESSMENT_DEFAULTS.lateSubmissions,
    late_penalty_percent: ASSESSMENT_DEFAULTS.latePenaltyPercent,
    late_penalty_per: ASSESSMENT_DEFAULTS.latePenaltyPer,
    late_penalty_floor: ASSESSMENT_DEFAULTS.latePenaltyFloor,
    attempts_allowed: ASSESSMENT_DEFAULTS.attemptsAllowed,
    scoring_rule: ASSESSMENT_DEFAULTS.scoringRule,
    time_limit_minutes: ASSESSMENT_DEFAULTS.timeLimitMinutes,
    passing_score: ASSESSMENT_DEFAULTS.passingScore,
    shuffle_questions: toFlag(ASSESSMENT_DEFAULTS.shuffleQuestions),
    shuffle_options: toFlag(ASSESSMENT_DEFAULTS.shuffleOptions),
    show_correct_answers: ASSESSMENT_DEFAULTS.showCorrectAnswers,
    question_pool_size: ASSESSMENT_DEFAULTS.questionPoolSize,
    weight: ASSESSMENT_DEFAULTS.weight,
    required_for_completion: toFlag(ASSESSMENT_DEFAULTS.requiredForCompletion),
    ...settingColumns(input),
    total_points: totalPointsOf(input.questions ?? [], input.totalPoints, undefined),
    created_by: actorId,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/** Rules across settings, checked on the assessment as it will be. */
function checkSettings(row: repo.AssessmentRow, questionCount: number) {
  if (row.published && questionCount === 0) throw invalid("published", M.publishNeedsQuestions);
  if (row.question_pool_size !== null && row.question_pool_size > questionCount) {
    throw invalid("questionPoolSize", M.poolSizeRange);
  }
  if (row.available_from && row.due_date && Date.parse(row.due_date) <= Date.parse(row.available_from)) {
    throw invalid("dueDate", M.dueBeforeAvailable);
  }
}

export function createAssessmentService({
  db,
  storage,
  discard,
  now,
  staff,
}: AttemptCloserDeps & {
  storage: Storage;
  discard: DiscardFiles;
}) {
  const closer = createAttemptCloser({ db, now, staff });

  /**
   * New questions that name an `imageFrom` take a copy of that question's image (a question of a
   * course the actor manages). Answers the rows and the keys of the copies made.
   */
  async function copiedImages(actor: Actor, inputs: QuestionInput[], rows: repo.QuestionRow[]) {
    const made: string[] = [];
    const result = [...rows];
    try {
      for (const [index, input] of inputs.entries()) {
        if (input._id || !input.imageFrom) continue;
        const source = await repo.findQuestionWithCourse(db, input.imageFrom);
        if (!source) throw invalid(`questions.${index}.imageFrom`, M.imageSourceNotFound);
        await courseToManage(db, actor, source.course_id);
        const [copy] = await copyImageFiles(storage, [source]);
        if (!copy.image_key) continue;
        made.push(copy.image_key);
        result[index] = {
          ...rows[index],
          image_key: copy.image_key,
          image_mime: source.image_mime,
          image_alt: input.imageAlt ?? source.image_alt,
        };
      }
    } catch (error) {
      await storage.remove(made);
      throw error;
    }
    return { rows: result, made };
  }

  /**
   * Questions that name an `imageUpload` take that image, uploaded by the actor for this course
   * before the question was saved. Answers the rows and the pending uploads they used.
   */
  async function uploadedImages(actor: Actor, courseId: string, inputs: QuestionInput[], rows: repo.QuestionRow[]) {
    const used: string[] = [];
    const result = [...rows];
    for (const [index, input] of inputs.entries()) {
      if (!input.imageUpload) continue;
      const path = `questions.${index}.imageUpload`;
      if (used.includes(input.imageUpload)) throw invalid(path, M.imageUploadTwice);
      const pending = await findPendingImage(db, { id: input.imageUpload, courseId, actor, now: now() });
      if (!pending) throw invalid(path, M.imageUploadNotFound);
      used.push(pending.id);
      result[index] = {
        ...rows[index],
        image_key: pending.storage_key,
        image_mime: pending.mime,
        image_alt: input.imageAlt ?? null,
      };
    }
    return { rows: result, used };
  }

  /**
   * Runs `work` with the rows' copied and uploaded images; the copies go again when it fails, and
   * the pending uploads it used are forgotten once it succeeded (their files now belong to questions).
   */
  async function withCopiedImages(
    actor: Actor,
    courseId: string,
    inputs: QuestionInput[],
    rows: repo.QuestionRow[],
    work: (rows: repo.QuestionRow[]) => Promise<void>,
  ) {
    const uploaded = await uploadedImages(actor, courseId, inputs, rows);
    const copied = await copiedImages(actor, inputs, uploaded.rows);
    try {
      await work(copied.rows);
    } catch (error) {
      await storage.remove(copied.made);
      throw error;
    }
    await deletePendingImages(db, uploaded.used);
  }

  async function withQuestions(assessmentId: string) {
    const row = await repo.findAssessmentWithCounts(db, assessmentId);
    if (!row) throw notFound(M.notFound);
    const questions = (await repo.questionsOf(db, assessmentId)).map(questionFromRow);
    return { row, questions };
  }

  return {
    async list(actor: Actor, courseId: string) {
      await courseToManage(db, actor, courseId);
      return repo.listCourseAssessments(db, courseId, false);
    },

    /** For the instructor dashboard: the newest assessments of the courses they teach (admins: all). */
    recent: (actor: Actor, limit: number) => repo.recentAssessments(db, isAdmin(actor) ? null : actor.id, limit),

    async create(actor: Actor, courseId: string, input: AssessmentCreate) {
      await courseToManage(db, actor, courseId);
      const timestamp = now().toISOString();
      const inputs = input.questions ?? [];
      const row = newAssessmentRow(input, courseId, actor.id, timestamp);
      const { id } = row;
      checkSettings(row, inputs.length);
      const questions = questionRows(id, inputs, [], timestamp);
      await withCopiedImages(actor, courseId, inputs, questions, (rows) =>
        db.transaction().execute(async (trx) => {
          await repo.insertAssessment(trx, row);
          await repo.replaceQuestions(trx, id, rows);
          await logManagement(trx, actor, {
            action: "assessment_create",
            title: `Created assessment: ${row.title}`,
            courseId,
            targetId: id,
            details: { questions: rows.length },
          });
        }),
      );
      return withQuestions(id);
    },

    /**
     * Changes settings; `questions`, when sent, replaces the list. Attempts keep the questions
     * they were served, so earned scores never change (docs/features/assessments.md).
     */
    async update(actor: Actor, courseId: string, assessmentId: string, input: AssessmentUpdate) {
      const current = await assessmentToManage(db, actor, courseId, assessmentId);
      const timestamp = now().toISOString();
      const existing = await repo.questionsOf(db, assessmentId);
      const questions = input.questions ? questionRows(assessmentId, input.questions, existing, timestamp) : existing;
      const changes: Partial<repo.AssessmentRow> = {
        ...settingColumns(input),
        total_points: totalPointsOf(questions, input.totalPoints, current.total_points),
        updated_at: timestamp,
      };
      checkSettings({ ...current, ...changes }, questions.length);
      await withCopiedImages(actor, courseId, input.questions ?? [], questions, (rows) =>
        db.transaction().execute(async (trx) => {
          await repo.updateAssessment(trx, assessmentId, changes);
          if (input.questions) await repo.replaceQuestions(trx, assessmentId, rows);
          await logManagement(trx, actor, {
            action: "assessment_update",
            title: `Updated assessment: ${changes.title ?? current.title}`,
            courseId,
            targetId: assessmentId,
            changes: changedFields(current, { ...changes, updated_at: undefined }),
            details: input.questions ? { questions: rows.length } : undefined,
          });
        }),
      );
      if (input.questions) {
        await dropUnusedImages(
          db,
          discard,
          assessmentId,
          existing.map((q) => q.image_key),
        );
      }
      return withQuestions(assessmentId);
    },

    /** Deletes the assessment with its attempts, and then the files learners uploaded to it and its images. */
    async remove(actor: Actor, courseId: string, assessmentId: string) {
      const assessment = await assessmentToManage(db, actor, courseId, assessmentId);
      const keys = await loggedChange(
        db,
        actor,
        {
          action: "assessment_delete",
          title: `Deleted assessment: ${assessment.title}`,
          courseId,
          targetId: assessmentId,
        },
        // Read in the deleting transaction: a file uploaded meanwhile is in the list or its upload fails.
        async (trx) => {
          const files = [
            ...(await fileKeysOfAssessment(trx, assessmentId)),
            ...(await repo.imageKeysOf(trx, assessmentId)),
          ];
          await repo.deleteAssessment(trx, assessmentId);
          return files;
        },
      );
      await discard(keys);
    },

    /** Every attempt, a page at a time; attempts whose time ran out are closed first, so none shows as under way. */
    async results(actor: Actor, courseId: string, assessmentId: string, page: repo.ResultsQuery) {
      const assessment = await assessmentToManage(db, actor, courseId, assessmentId);
      const listed = await repo.listResults(db, assessmentId, page);
      const expired = listed.rows.filter(closer.pastGrace);
      if (expired.length === 0) return listed;
      for (const attempt of expired) await closer.finish(attempt, assessment);
      return repo.listResults(db, assessmentId, page);
    },

    withQuestions,
  };
}
