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
}
