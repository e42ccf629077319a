/** Kept by triggers (migration 061): what the course analytics and the students list read. */
export interface CourseFigureTables {
  course_enrollment_figures: { course_id: string; learners: number; completed: number; progress_sum: number };
  course_enrollment_days: { course_id: string; day: string; learners: number };
  /** `lesson_id` '' for learners who have viewed no lesson yet. */
  course_stop_counts: { course_id: string; lesson_id: string; learners: number };
  assessment_score_figures: {
    course_id: string;
    assessment_id: string;
    graded: number;
    score_sum: number;
    shared: number;
    share_sum: number;
  };
  session_figures: { session_id: string; expected: number; attended: number };
  student_sort_keys: {
    enrollment_id: string;
    course_id: string;
    user_id: string;
    name: string;
    email: string;
    grade: number | null;
    /** lower(name), a line feed, lower(email). */
    search_text: string;
  };
  /** Each learner's missing-work count (migration 069), kept valid by triggers; see `analytics/stored-missing.ts`. */
  learner_missing_work: {
    course_id: string;
    user_id: string;
    /** Null once an input changed. */
    missing: number | null;
    /** When the count may move with no write (ISO); null if never. */
    stale_at: string | null;
    /** The course's assessments version (gradebook_courses) it was counted at. */
    version: number;
    /** The request counting it, then the one that stored it; null once an input changed. */
    token: string | null;
  };
}
