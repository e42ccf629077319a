import type { AssessmentType } from "@lms/contract";

export const TYPE_LABELS: Record<AssessmentType, string> = { quiz: "Quiz", assignment: "Assignment", exam: "Exam" };
