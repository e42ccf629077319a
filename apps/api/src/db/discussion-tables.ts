/** The course discussion tables (migration 050, issue 23). */
export interface DiscussionThreadsTable {
  id: string;
  course_id: string;
  author_id: string | null;
  type: "discussion" | "question";
  title: string;
  body: string;
  pinned: number;
  locked: number;
  accepted_post_id: string | null;
  reply_count: number;
  last_activity_at: string;
  created_at: string;
  edited_at: string | null;
}

export interface DiscussionPostsTable {
  id: string;
  thread_id: string;
  /** The reply this one answers (one level of nesting); null for a reply to the thread. */
  parent_id: string | null;
  author_id: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
}

export interface DiscussionReportsTable {
  id: string;
  course_id: string;
  thread_id: string;
  post_id: string | null;
  /** The reported post: a reply's id, or the thread's id for its opening post. */
  target_id: string;
  reporter_id: string;
  reason: string | null;
  created_at: string;
  dismissed_at: string | null;
  dismissed_by: string | null;
}

export interface DiscussionTables {
  discussion_threads: DiscussionThreadsTable;
  discussion_posts: DiscussionPostsTable;
  discussion_reports: DiscussionReportsTable;
  discussion_subscriptions: { thread_id: string; user_id: string };
  discussion_course_subscriptions: { course_id: string; user_id: string };
  discussion_reads: { thread_id: string; user_id: string; read_at: string };
  discussion_settings: { course_id: string; post_before_view: number };
  /** Kept by triggers (migration 053): a course's threads, and per user the threads read up to date. */
  discussion_course_counts: { course_id: string; threads: number };
  discussion_read_counts: { user_id: string; course_id: string; threads: number };
}
