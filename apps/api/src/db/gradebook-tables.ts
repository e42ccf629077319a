/** The gradebook's stored learner rows (migration 060), kept by triggers. */
export interface GradebookRowsTable {
  course_id: string;
  user_id: string;
  /** The row's JSON without its closing `}` and package scores; null once an input changed. */
  row_json: string | null;
  /** When a cell of the row may turn "missing" with no write (ISO); null if never. */
  stale_at: string | null;
  version: number;
  /** The request computing the row, then the one that stored it (names its text); null once an input changed. */
  token: string | null;
}

export interface GradebookCoursesTable {
  course_id: string;
  version: number;
  /** The course's enrollments, kept by triggers. */
  learners: number;
  /** The answer's `assessments` as JSON text (migration 064); null once what it is built from changed. */
  assessments_json: string | null;
  /** The answer's `packages` as JSON text (migration 064); null with `assessments_json`. */
  packages_json: string | null;
  /** The request computing the shared part; cleared with it by a write. */
  shared_token: string | null;
}

export interface GradebookTables {
  gradebook_rows: GradebookRowsTable;
  gradebook_courses: GradebookCoursesTable;
}
