import { type GradeSubmission, ASSESSMENT_MESSAGES as M } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { notifyUser } from "../notifications/events.js";
import type { StaffNotifier } from "../notifications/staff-events.js";
import { gradedEvent } from "../xapi/assessment-events.js";
import { recordStatements } from "../xapi/record.js";
import { assessmentToManage } from "./access.js";
import type { GradeNotifier } from "./grade-mail.js";
import { applyLatePenalty, round2 } from "./grading.js";
import { frozenQuestions } from "./present.js";
import * as repo from "./repo.js";

export type HandGradingService = ReturnType<typeof createHandGradingService>;

/**
 * Grading by hand (essays, files, or a correction of an automatic grade): points within each
 * question's points and feedback. Once every question has points the attempt is graded and its
 * late penalty applied, and the learner is notified in-app (in the same transaction) and e-mailed
 * (see grade-mail.ts).
 */
export function createHandGradingService({
  db,
  now,
  notify,
  staff,
}: {
  db: Kysely<Database>;
  now: () => Date;
  notify: GradeNotifier;
  staff: StaffNotifier;
}) {
  return {
    async grade(actor: Actor, courseId: string, assessmentId: string, submissionId: string, input: GradeSubmission) {
      const assessment = await assessmentToManage(db, actor, courseId, assessmentId);
      const attempt = await repo.findAttempt(db, submissionId);
      if (!attempt || attempt.assessment_id !== assessmentId) throw notFound(M.attemptNotFound);
      if (attempt.state === "in_progress") throw conflict(M.attemptInProgress);
      const questions = new Map(frozenQuestions(attempt).map((q) => [q.id, q]));
      input.grades.forEach((grade, index) => {
        const question = questions.get(grade.questionId);
        if (!question) {
          throw badRequest(M.questionNotInAttempt, [fieldError(`grades.${index}.questionId`, M.questionNotInAttempt)]);
        }
        if (grade.points > question.points) {
          throw badRequest(M.gradeAboveQuestion, [fieldError(`grades.${index}.points`, M.gradeAboveQuestion)]);
        }
      });
      const stamp = now().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const grade of input.grades) {
          await repo.setAnswerGrade(trx, attempt.id, {
            question_id: grade.questionId,
            points_awarded: round2(grade.points),
            feedback: grade.feedback,
            graded_by: actor.id,
            graded_at: stamp,
            updated_at: stamp,
          });
        }
        const answers = await repo.answersOf(trx, attempt.id);
        const complete = answers.length === questions.size && answers.every((a) => a.points_awarded !== null);
        const rawScore = round2(answers.reduce((sum, a) => sum + (a.points_awarded ?? 0), 0));
        const { score, penalty } = complete
          ? applyLatePenalty(rawScore, attempt.max_points, attempt.late_seconds, {
              percent: assessment.late_penalty_percent,
              per: assessment.late_penalty_per as "hour" | "day",
              floor: assessment.late_penalty_floor,
            })
          : { score: null, penalty: 0 };
        await repo.rescoreAttempt(trx, attempt.id, {
          state: complete ? "graded" : "submitted",
          raw_score: rawScore,
          penalty,
          score,
          graded_at: complete ? stamp : null,
          updated_at: stamp,
        });
        if (complete) {
          await staff.gradingProgressed(trx, assessment, stamp);
          await recordStatements(trx, [
            gradedEvent(assessment, attempt.user_id, { score: score ?? 0, maxPoints: attempt.max_points }, stamp),
          ]);
          await notifyUser(trx, attempt.user_id, {
            kind: "grade",
            title: `Graded: ${assessment.title}`,
            message: `Your submission (attempt ${attempt.number}) scored ${score ?? 0} of ${attempt.max_points} points.`,
            link: `/courses/${assessment.course_id}/assessments/${assessment.id}`,
            stamp,
          });
        }
      });
      const graded = await repo.findAttempt(db, attempt.id);
      if (!graded) throw notFound(M.attemptNotFound);
      if (graded.state === "graded") await notify(assessment, graded);
      return { attempt: graded, answers: await repo.answersOf(db, attempt.id) };
    },
  };
}
