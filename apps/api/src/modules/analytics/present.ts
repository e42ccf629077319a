import { type AssessmentType, type CourseAnalytics, isAtRisk, type StudentProgress } from "@lms/contract";
import type { assessmentFigures, lessonsInOrder, sessionAttendance, stopCounts } from "./repo.js";
import type { StudentRow } from "./students-repo.js";

export const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;
export const percentOf = (part: number, whole: number) => (whole > 0 ? round1((100 * part) / whole) : 0);

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

export function presentAssessmentFigures(rows: Rows<typeof assessmentFigures>): CourseAnalytics["assessments"] {
  return rows.map((row) => {
    const score = row.average_score === null ? null : Number(row.average_score);
    const share = row.average_share === null ? null : Number(row.average_share);
    return {
      _id: row.id,
      title: row.title,
      type: row.type as AssessmentType,
      totalPoints: row.total_points,
      graded: Number(row.graded),
      averageScore: score === null ? null : round2(score),
      averagePercent: share === null ? null : round1(100 * share),
    };
  });
}

export function presentAttendance(rows: Rows<typeof sessionAttendance>): CourseAnalytics["attendance"] {
  const sessions = rows.map((row) => ({
    _id: row.id,
    title: row.title,
    scheduledAt: row.scheduled_at,
    expected: Number(row.expected),
    attended: Number(row.attended),
  }));
  const expected = sessions.reduce((sum, s) => sum + s.expected, 0);
  const attended = sessions.reduce((sum, s) => sum + s.attended, 0);
  return { rate: expected > 0 ? percentOf(attended, expected) : null, expected, attended, sessions };
}

/** Every published lesson in course order, and any draft one a learner stopped at. */
export function presentStopPoints(
  lessons: Rows<typeof lessonsInOrder>,
  counts: Rows<typeof stopCounts>,
): CourseAnalytics["stopPoints"] {
  const byLesson = new Map(counts.map((c) => [c.last_lesson_id, Number(c.count)]));
  return {
    notStarted: byLesson.get(null) ?? 0,
    lessons: lessons
      .filter((l) => l.is_published || byLesson.has(l.id))
      .map((l) => ({ lessonId: l.id, title: l.title, moduleTitle: l.module_title, learners: byLesson.get(l.id) ?? 0 })),
  };
}

export function presentStudent(
  row: StudentRow,
  grade: { earned: number; possible: number } | undefined,
  missing: number,
  now: number,
): StudentProgress {
  const completed = row.status === "completed";
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    enrolledAt: row.enrolled_at,
    completed,
    progress: row.progress,
    lastActivity: row.last_accessed_at,
    lastLesson:
      row.last_lesson_id && row.last_lesson_title ? { _id: row.last_lesson_id, title: row.last_lesson_title } : null,
    grade: grade && grade.possible > 0 ? round1((100 * grade.earned) / grade.possible) : null,
    missing,
    atRisk: isAtRisk({ completed, progress: row.progress, enrolledAt: row.enrolled_at }, now),
  };
}
