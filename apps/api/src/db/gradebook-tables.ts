/** The gradebook's stored learner rows (migration 060, issue 26), kept by triggers. */
export interface GradebookRowsTable {
  course_id: string;
  user_id: string;
  /** The row's JSON without its closing `}` and package scores; null once an input changed. */
  row_json: string | null;
  /** When a cell of the row may turn "missing" with no write (ISO); null if never. */
  stale_at: string | null;
  version: number;
  token: string | null;
}

export interface GradebookCoursesTable {
  course_id: string;
  version: number;
  /** The course's enrollments, kept by triggers. */
  learners: number;
}

export interface GradebookTables {
  gradebook_rows: GradebookRowsTable;
  gradebook_courses: GradebookCoursesTable;
}
