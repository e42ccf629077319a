import {
  ASSESSMENT_LIMITS,
  type Attempt,
  type GradeSubmission,
  issueOf,
  ASSESSMENT_MESSAGES as M,
} from "@lms/contract";
import { z } from "zod";

type Question = Attempt["questions"][number];

export const POINTS_REQUIRED = "Enter the points for this question";

/** Essays and files are graded here; the others were scored on submit (a grader may still correct them). */
export const gradedByHand = (question: Question) => question.type === "essay" || question.type === "file_upload";

/** The form's rules: points between 0 and each question's points, feedback within the api's limit. */
export function gradeFormSchema(questions: Question[]) {
  return z
    .object({
      grades: z.array(
        z.object({
          points: z
            .string()
            .trim()
            .min(1, POINTS_REQUIRED)
            .refine((text) => Number.isFinite(Number(text)), POINTS_REQUIRED),
          feedback: z.string().trim().max(ASSESSMENT_LIMITS.answerTextMax, M.feedbackTooLong),
        }),
      ),
    })
    .superRefine((values, ctx) => {
      values.grades.forEach((grade, index) => {
        const points = Number(grade.points);
        if (grade.points.trim() !== "" && (points < 0 || points > questions[index].points)) {
          ctx.addIssue({ code: "custom", path: ["grades", index, "points"], ...issueOf(M.gradeAboveQuestion) });
        }
      });
    });
}
export type GradeFormValues = z.infer<ReturnType<typeof gradeFormSchema>>;

/** What the grader starts from: the points given so far; an unanswered hand-graded question starts at 0. */
export function initialGrades(attempt: Attempt): GradeFormValues {
  return {
    grades: attempt.questions.map((q) => {
      const empty = q.type === "file_upload" ? !q.file : q.answer === null || q.answer === "";
      const points = q.pointsAwarded ?? (gradedByHand(q) && empty ? 0 : null);
      return { points: points === null ? "" : String(points), feedback: q.feedback ?? "" };
    }),
  };
}

/**
 * The grades to send: every hand-graded question, and an automatically scored one only when the
 * grader changed it (so a later regrade still re-scores the ones left alone).
 */
export function gradesToSend(attempt: Attempt, values: GradeFormValues, initial: GradeFormValues): GradeSubmission {
  return {
    grades: attempt.questions.flatMap((q, index) => {
      const grade = values.grades[index];
      const before = initial.grades[index];
      const changed = grade.points !== before.points || grade.feedback.trim() !== before.feedback.trim();
      if (!gradedByHand(q) && !changed) return [];
      return [{ questionId: q._id, points: Number(grade.points), feedback: grade.feedback.trim() }];
    }),
  };
}
