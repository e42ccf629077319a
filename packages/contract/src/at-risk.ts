/** How long an enrollment may run before slow progress puts it at risk. */
export const AT_RISK_AFTER_DAYS = 14;
/** Progress below this share (in percent) after that time means the course is at risk. */
export const AT_RISK_BELOW_PERCENT = 25;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface EnrollmentStanding {
  completed: boolean;
  /** Progress in percent. */
  progress: number;
  enrolledAt: string;
}

/**
 * The at-risk rule, shared by the learner dashboard and the instructor's students list:
 * not complete, enrolled more than 14 days ago, and still under 25% progress.
 * A learner who keeps going is fine; one who enrolled and stalled early is flagged.
 */
export function isAtRisk(standing: EnrollmentStanding, now: number): boolean {
  if (standing.completed) return false;
  const { enrolledBefore, progressBelow } = atRiskCutoff(now);
  return Date.parse(standing.enrolledAt) < Date.parse(enrolledBefore) && standing.progress < progressBelow;
}

/**
 * The same rule as bounds a database can filter on: enrolled before `enrolledBefore` (an ISO
 * instant) with progress under `progressBelow`, and not completed.
 */
export function atRiskCutoff(now: number): { enrolledBefore: string; progressBelow: number } {
  return {
    enrolledBefore: new Date(now - AT_RISK_AFTER_DAYS * DAY_MS).toISOString(),
    progressBelow: AT_RISK_BELOW_PERCENT,
  };
}
