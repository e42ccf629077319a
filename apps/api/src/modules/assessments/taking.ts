import { ASSESSMENT_MESSAGES as M, type SaveAnswers, type ScoringRule, type ShowCorrectAnswers } from "@lms/contract";
import { isUniqueViolation } from "../../db/errors.js";
import { newId } from "../../db/ids.js";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import {
  type Actor,
  canManageAssessments,
  canReadCourseContent,
  canSeeCorrectAnswers,
  canTakeAssessments,
} from "../../policies/index.js";
import { logActivity } from "../activities/repo.js";
import { COURSE_NOT_FOUND, findCourse, isEnrolled, NOT_ENROLLED } from "../courses/access.js";
import { type AttemptCloserDeps, createAttemptCloser, rulesFor } from "./closing.js";
import { answerFits, countedScore, type FrozenQuestion, round2, shuffled } from "./grading.js";
import { frozenQuestions, type LearnerStanding, questionFromRow } from "./present.js";
import * as repo from "./repo.js";

export type AttemptService = ReturnType<typeof createAttemptService>;

/**
 * The questions served in a new attempt: all of them, or `question_pool_size` drawn at random (kept
 * in the assessment's order unless questions are shuffled), with options shuffled as the settings say.
 */
function serve(assessment: repo.AssessmentRow, questions: FrozenQuestion[]): FrozenQuestion[] {
  const pool = assessment.question_pool_size;
  const drawn = pool !== null && pool < questions.length ? new Set(shuffled(questions).slice(0, pool)) : null;
  const kept = drawn ? questions.filter((q) => drawn.has(q)) : questions;
  const served = assessment.shuffle_questions ? shuffled(kept) : kept;
  return assessment.shuffle_options
    ? served.map((q) => (q.options ? { ...q, options: shuffled(q.options) } : q))
    : served;
}

/** A learner's state on an assessment from their attempts (oldest first), and the rules that apply to them. */
function standingOf(
  attempts: repo.AttemptRow[],
  assessment: repo.AssessmentRow,
  rules: ReturnType<typeof rulesFor>,
): LearnerStanding {
  const { attemptsAllowed } = rules;
  const current = attempts.find((a) => a.state === "in_progress");
  const graded = attempts.filter((a) => a.state === "graded" && a.score !== null).map((a) => a.score as number);
  const latest = attempts[attempts.length - 1];
  const state = current
    ? "in_progress"
    : attempts.some((a) => a.state === "submitted")
      ? "submitted"
      : ((latest?.state as LearnerStanding["state"] | undefined) ?? "not_started");
  return {
    state,
    score: countedScore(assessment.scoring_rule as ScoringRule, graded),
    attemptsUsed: attempts.length,
    attemptsLeft: attemptsAllowed === null ? null : Math.max(0, attemptsAllowed - attempts.length),
    currentAttemptId: current?.id ?? null,
    ...rules,
  };
}

export function createAttemptService({ db, now, staff }: AttemptCloserDeps) {
  const { finish, pastGrace, settle } = createAttemptCloser({ db, now, staff });
  /** A published assessment the actor may read (or any of a course they manage); 404 / 403 otherwise. */
  async function readable(actor: Actor, assessmentId: string) {
    const assessment = await repo.findAssessment(db, assessmentId);
    if (!assessment) throw notFound(M.notFound);
    const course = await findCourse(db, assessment.course_id);
    if (!course) throw notFound(M.notFound);
    const manages = canManageAssessments(actor, course);
    if (manages) return { assessment, manages };
    if (!assessment.published) throw notFound(M.notFound);
    if (!canTakeAssessments(await isEnrolled(db, actor.id, course.id))) throw forbidden(NOT_ENROLLED);
    return { assessment, manages };
  }

  async function standingFor(actor: Actor, assessment: repo.AssessmentRow) {
    const attempts = await settle(
      await repo.attemptsOf(db, actor.id, [assessment.id]),
      new Map([[assessment.id, assessment]]),
    );
    const override = await repo.findOverride(db, assessment.id, actor.id);
    const rules = rulesFor(assessment, override);
    return { attempts, rules, standing: standingOf(attempts, assessment, rules) };
  }

  /** The caller's own attempt, to work on; someone else's is 404. */
  async function ownAttempt(actor: Actor, attemptId: string) {
    const attempt = await repo.findAttempt(db, attemptId);
    if (!attempt || attempt.user_id !== actor.id) throw notFound(M.attemptNotFound);
    const assessment = await repo.findAssessment(db, attempt.assessment_id);
    if (!assessment) throw notFound(M.attemptNotFound);
    return { attempt, assessment };
  }

  function keyShown(assessment: repo.AssessmentRow, attempt: repo.AttemptRow, dueDate: string | null) {
    return canSeeCorrectAnswers(
      assessment.show_correct_answers as ShowCorrectAnswers,
      attempt.state !== "in_progress",
      dueDate,
      now(),
    );
  }

  return {
    /** A course's published assessments with the caller's own standing on each. */
    async listForCourse(actor: Actor, courseId: string) {
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      const enrolled = await isEnrolled(db, actor.id, courseId);
      if (!canReadCourseContent(actor, course, enrolled)) throw forbidden(NOT_ENROLLED);
      const rows = await repo.listCourseAssessments(db, courseId, true);
      const ids = rows.map((r) => r.id);
      const attempts = await settle(await repo.attemptsOf(db, actor.id, ids), new Map(rows.map((r) => [r.id, r])));
      const overrides = new Map((await repo.overridesOf(db, actor.id, ids)).map((o) => [o.assessment_id, o]));
      return rows.map((row) => {
        const own = attempts.filter((a) => a.assessment_id === row.id);
        return { row, standing: standingOf(own, row, rulesFor(row, overrides.get(row.id))) };
      });
    },

    /** One assessment: the caller's standing and attempts, and for its managers the questions with their key. */
    async get(actor: Actor, assessmentId: string) {
      const { assessment, manages } = await readable(actor, assessmentId);
      const row = await repo.findAssessmentWithCounts(db, assessmentId);
      if (!row) throw notFound(M.notFound);
      const { attempts, standing } = await standingFor(actor, assessment);
      const questions = manages ? (await repo.questionsOf(db, assessmentId)).map(questionFromRow) : undefined;
      return { row, standing, attempts, questions, manages };
    },

    /**
     * Starts an attempt, or returns the one under way. Enforces available-from, the due date when
     * late work is refused, and the attempts allowed; the deadline is kept on the server.
     */
    async start(actor: Actor, assessmentId: string) {
      const { assessment, manages } = await readable(actor, assessmentId);
      // Learners were checked by `readable`; a manager takes only a course they are enrolled in.
      if (manages && !canTakeAssessments(await isEnrolled(db, actor.id, assessment.course_id))) {
        throw forbidden(NOT_ENROLLED);
      }
      const { attempts, rules, standing } = await standingFor(actor, assessment);
      const current = attempts.find((a) => a.id === standing.currentAttemptId);
      if (current) return { attempt: current, answers: await repo.answersOf(db, current.id), created: false };

      const at = now();
      if (assessment.available_from && at.getTime() < Date.parse(assessment.available_from)) {
        throw forbidden(M.notAvailableYet);
      }
      const refuseLate = assessment.late_submissions === "refuse" && rules.dueDate !== null;
      if (refuseLate && at.getTime() >= Date.parse(rules.dueDate as string)) throw forbidden(M.pastDue);
      if (standing.attemptsLeft === 0) throw conflict(M.noAttemptsLeft);

      const questions = serve(assessment, (await repo.questionsOf(db, assessmentId)).map(questionFromRow));
      const ends = [
        rules.timeLimitMinutes === null ? null : at.getTime() + rules.timeLimitMinutes * 60_000,
        refuseLate ? Date.parse(rules.dueDate as string) : null,
      ].filter((t): t is number => t !== null);
      const attempt: repo.AttemptRow = {
        id: newId(),
        assessment_id: assessmentId,
        user_id: actor.id,
        number: attempts.length + 1,
        started_at: at.toISOString(),
        deadline_at: ends.length > 0 ? new Date(Math.min(...ends)).toISOString() : null,
        submitted_at: null,
        late: 0,
        late_seconds: 0,
        state: "in_progress",
        raw_score: null,
        penalty: 0,
        score: null,
        max_points: round2(questions.reduce((sum, q) => sum + q.points, 0)),
        questions: JSON.stringify(questions),
        graded_at: null,
        updated_at: at.toISOString(),
      };
      try {
        await repo.insertAttempt(db, attempt);
      } catch (error) {
        // Two starts at once: the other request made this attempt number; answer with its attempt.
        if (!isUniqueViolation(error)) throw error;
        const raced = (await repo.attemptsOf(db, actor.id, [assessmentId])).find((a) => a.state === "in_progress");
        if (!raced) throw conflict(M.noAttemptsLeft);
        return { attempt: raced, answers: await repo.answersOf(db, raced.id), created: false };
      }
      await logActivity(db, {
        userId: actor.id,
        type: "quiz_attempt",
        title: `Started ${assessment.title}`,
        courseId: assessment.course_id,
        metadata: { assessmentId, attemptId: attempt.id },
      });
      return { attempt, answers: [], created: true };
    },

    /** An attempt for review: its owner, or a manager of its course; the key only as released. */
    async getAttempt(actor: Actor, attemptId: string) {
      let attempt = await repo.findAttempt(db, attemptId);
      if (!attempt) throw notFound(M.attemptNotFound);
      const assessment = await repo.findAssessment(db, attempt.assessment_id);
      const course = assessment ? await findCourse(db, assessment.course_id) : undefined;
      if (!assessment || !course) throw notFound(M.attemptNotFound);
      const manages = canManageAssessments(actor, course);
      if (attempt.user_id !== actor.id && !manages) throw notFound(M.attemptNotFound);
      if (pastGrace(attempt)) attempt = await finish(attempt, assessment);
      const { dueDate } = rulesFor(assessment, await repo.findOverride(db, assessment.id, attempt.user_id));
      const showKey = manages || keyShown(assessment, attempt, dueDate);
      return { attempt, answers: await repo.answersOf(db, attempt.id), showKey };
    },

    /**
     * Saves answers to the caller's attempt in progress. After the deadline and its grace the
     * attempt is closed with what was saved, and the save is refused (409).
     */
    async saveAnswers(actor: Actor, attemptId: string, input: SaveAnswers) {
      const { attempt, assessment } = await ownAttempt(actor, attemptId);
      if (attempt.state !== "in_progress") throw conflict(M.attemptClosed);
      if (pastGrace(attempt)) {
        await finish(attempt, assessment);
        throw conflict(M.timeUp);
      }
      const questions = new Map(frozenQuestions(attempt).map((q) => [q.id, q]));
      input.answers.forEach(({ questionId, value }, index) => {
        const question = questions.get(questionId);
        if (!question)
          throw badRequest(M.questionNotInAttempt, [fieldError(`answers.${index}.questionId`, M.questionNotInAttempt)]);
        if (question.type === "file_upload" && value !== null) {
          throw badRequest(M.fileAnswerByUpload, [fieldError(`answers.${index}.value`, M.fileAnswerByUpload)]);
        }
        if (value !== null && !answerFits(question, value)) {
          throw badRequest(M.answerDoesNotFit, [fieldError(`answers.${index}.value`, M.answerDoesNotFit)]);
        }
      });
      const stamp = now().toISOString();
      const latest = new Map(input.answers.map((a) => [a.questionId, a.value]));
      await db.transaction().execute(async (trx) => {
        if (!(await repo.touchOpenAttempt(trx, attemptId, stamp))) throw conflict(M.attemptClosed);
        const cleared = [...latest].filter(([, value]) => value === null).map(([id]) => id);
        await repo.deleteAnswers(trx, attemptId, cleared);
        await repo.upsertAnswers(
          trx,
          [...latest]
            .filter(([, value]) => value !== null)
            .map(([questionId, value]) => ({
              id: newId(),
              attempt_id: attemptId,
              question_id: questionId,
              answer: JSON.stringify(value),
              points_awarded: null,
              feedback: null,
              graded_by: null,
              graded_at: null,
              updated_at: stamp,
            })),
        );
      });
      return {
        attempt: (await repo.findAttempt(db, attemptId)) as repo.AttemptRow,
        answers: await repo.answersOf(db, attemptId),
      };
    },

    /** Submits the caller's attempt; submitting again returns the same submission. */
    async submit(actor: Actor, attemptId: string) {
      const { attempt, assessment } = await ownAttempt(actor, attemptId);
      const done = attempt.state === "in_progress" ? await finish(attempt, assessment) : attempt;
      const { dueDate } = rulesFor(assessment, await repo.findOverride(db, assessment.id, actor.id));
      return {
        attempt: done,
        answers: await repo.answersOf(db, attemptId),
        showKey: keyShown(assessment, done, dueDate),
      };
    },
  };
}
