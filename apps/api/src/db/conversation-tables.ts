/** The private message tables (migration 052, issue 23). */
export interface ConversationsTable {
  id: string;
  course_id: string;
  subject: string;
  started_by: string | null;
  last_message_at: string;
  created_at: string;
}

export interface ConversationParticipantsTable {
  conversation_id: string;
  user_id: string;
  /** The conversation's last message time, copied so each user's inbox pages from one index. */
  last_message_at: string;
  read_at: string | null;
}

export interface ConversationMessagesTable {
  id: string;
  conversation_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

export interface ConversationReportsTable {
  id: string;
  conversation_id: string;
  reporter_id: string;
  reason: string;
  created_at: string;
}

export interface ConversationTables {
  conversations: ConversationsTable;
  conversation_participants: ConversationParticipantsTable;
  conversation_messages: ConversationMessagesTable;
  conversation_reports: ConversationReportsTable;
}
