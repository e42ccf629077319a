import type { LearningEvent } from "./record.js";
import { xapiPaths } from "./record.js";

interface AssessmentFacts {
  id: string;
  course_id: string;
  title: string;
  /** Percent of the points needed to pass; null: no pass mark. */
  passing_score: number | null;
}

const objectOf = (assessment: AssessmentFacts) => ({
  type: "assessment" as const,
  path: xapiPaths.assessment(assessment.course_id, assessment.id),
  name: assessment.title,
});

/** An attempt handed in. */
export const answeredEvent = (assessment: AssessmentFacts, userId: string, at: string): LearningEvent => ({
  userId,
  verb: "answered",
  object: objectOf(assessment),
  courseId: assessment.course_id,
  result: { completion: true },
  at,
});

/** An attempt's final score: passed or failed against the pass mark, or scored without one. */
export function gradedEvent(
  assessment: AssessmentFacts,
  userId: string,
  grade: { score: number; maxPoints: number },
  at: string,
): LearningEvent {
  const { score, maxPoints } = grade;
  const success = assessment.passing_score === null ? undefined : score * 100 >= assessment.passing_score * maxPoints;
  const scale =
    maxPoints > 0
      ? {
          raw: Math.min(Math.max(score, 0), maxPoints),
          min: 0,
          max: maxPoints,
          scaled: Math.max(0, Math.min(1, score / maxPoints)),
        }
      : { raw: score };
  return {
    userId,
    verb: success === undefined ? "scored" : success ? "passed" : "failed",
    object: objectOf(assessment),
    courseId: assessment.course_id,
    result: { score: scale, completion: true, ...(success === undefined ? {} : { success }) },
    at,
  };
}
