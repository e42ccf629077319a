/** Migration 057: xAPI statements, kept as the facts they are rendered from. */
export interface XapiStatementsTable {
  id: string;
  user_id: string;
  actor_name: string;
  verb: string;
  object_type: string;
  /** The object's path under PUBLIC_URL, e.g. `/courses/{id}/lessons/{id}`. */
  object_path: string;
  object_name: string;
  course_id: string | null;
  course_name: string | null;
  /** JSON of the statement's `result`, when it has one. */
  result: string | null;
  timestamp: string;
  delivered_at: string | null;
}

export interface XapiTables {
  xapi_statements: XapiStatementsTable;
}
