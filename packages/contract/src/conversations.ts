import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationSchema } from "./common.js";
import { courseIdSchema, idSchema, userIdSchema } from "./ids.js";

/**
 * Private messages (issue 23): conversations of a course between a learner and its teachers, a
 * teacher's message to a whole course or chosen learners (one private conversation per recipient),
 * and learner-to-learner conversations where the course allows them. Reported conversations are
 * readable by admins, each read logged.
 */
export const CONVERSATION_LIMITS = {
  subjectMax: 200,
  bodyMax: 10_000,
  reasonMax: 500,
  searchMax: 100,
  /** Chosen recipients per message; a larger audience is the whole course. */
  recipientsMax: 500,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

export const CONVERSATION_MESSAGES = messageGroup("CONVERSATION_MESSAGES", {
  subjectRequired: "Subject is required",
  subjectTooLong: `The subject must be at most ${CONVERSATION_LIMITS.subjectMax} characters`,
  bodyRequired: "Write a message first",
  bodyTooLong: `A message must be at most ${CONVERSATION_LIMITS.bodyMax} characters`,
  reasonRequired: "Say why you report this conversation",
  reasonTooLong: `The reason must be at most ${CONVERSATION_LIMITS.reasonMax} characters`,
  searchTooLong: `Search must be at most ${CONVERSATION_LIMITS.searchMax} characters`,
  recipientsRequired: "Choose at least one recipient, or the whole course",
  recipientsTooMany: `At most ${CONVERSATION_LIMITS.recipientsMax} recipients may be chosen; send to the whole course instead`,
  notARecipient: "Some chosen people cannot be messaged in this course",
  wholeCourseTeachersOnly: "Only the course's teachers can message the whole course",
  learnerMessagesOff: "Learners cannot message each other in this course",
  noLearners: "This course has no learners to message",
  conversationNotFound: "Conversation not found",
  alreadyReported: "You have already reported this conversation",
  sent: "Message sent",
  sentToMany: "Message sent to each recipient privately",
  replied: "Reply sent",
  reported: "Thank you: the administrators will look at this conversation",
  settingsSaved: "Message settings saved",
});
const M = CONVERSATION_MESSAGES;

const subjectSchema = z
  .string({ error: M.subjectRequired })
  .trim()
  .min(1, M.subjectRequired)
  .max(CONVERSATION_LIMITS.subjectMax, M.subjectTooLong);
/** Rich text (HTML); the server sanitises it on every write. */
const bodySchema = z
  .string({ error: M.bodyRequired })
  .trim()
  .min(1, M.bodyRequired)
  .max(CONVERSATION_LIMITS.bodyMax, M.bodyTooLong);

export const conversationParamsSchema = z.object({ conversationId: idSchema });

export const conversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSATION_LIMITS.pageSizeMax)
    .default(CONVERSATION_LIMITS.pageSizeDefault),
  search: z.string().trim().max(CONVERSATION_LIMITS.searchMax, M.searchTooLong).optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** A new message: to chosen people of the course, or (its teachers only) to all its learners. */
export const conversationCreateSchema = z
  .object({
    courseId: courseIdSchema,
    recipientIds: z
      .array(userIdSchema)
      .max(CONVERSATION_LIMITS.recipientsMax, M.recipientsTooMany)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    wholeCourse: z.boolean().optional(),
    subject: subjectSchema,
    body: bodySchema,
  })
  .refine((input) => input.wholeCourse || (input.recipientIds?.length ?? 0) > 0, {
    path: ["recipientIds"],
    error: M.recipientsRequired,
  });
export type ConversationCreate = z.infer<typeof conversationCreateSchema>;

export const conversationReplySchema = z.object({ body: bodySchema });
export const conversationReportSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(CONVERSATION_LIMITS.reasonMax, M.reasonTooLong),
});
export const messageSettingsSchema = z.object({
  /** Whether the course's learners may message each other (off unless the course turns it on). */
  learnerMessages: z.boolean({ error: "learnerMessages must be true or false" }),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

const personSchema = z.object({ _id: z.string(), name: z.string(), teacher: z.boolean() });
export type ConversationPerson = z.infer<typeof personSchema>;

export const conversationSummarySchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  subject: z.string(),
  /** The other participants (one, in a private conversation). */
  with: z.array(personSchema),
  lastMessage: z.object({ excerpt: z.string(), authorName: z.string().nullable() }),
  lastMessageAt: z.string(),
  /** Messages the caller has not seen since they last opened it. */
  unread: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationMessageSchema = z.object({
  _id: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }).nullable(),
  body: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  participants: z.array(personSchema),
  messages: z.array(conversationMessageSchema),
  /** Whether the caller has reported it (a participant reports once). */
  reported: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListResponseSchema = envelope(
  z.object({
    conversations: z.array(conversationSummarySchema),
    pagination: paginationSchema,
    unreadCount: z.number().int(),
  }),
);
export const conversationUnreadResponseSchema = envelope(z.object({ unreadCount: z.number().int() }));
export const conversationResponseSchema = envelope(z.object({ conversation: conversationSchema }));
export const conversationCreateResponseSchema = envelope(
  z.object({ conversationIds: z.array(z.string()), recipients: z.number().int() }),
);

/** A course the caller may write in, with whom: its teachers, and the learners they may reach. */
export const messageCourseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The caller teaches it: may message the whole course and change its settings. */
  teacher: z.boolean(),
  learnerMessages: z.boolean(),
});
export type MessageCourse = z.infer<typeof messageCourseSchema>;
export const messageCoursesResponseSchema = envelope(z.object({ courses: z.array(messageCourseSchema) }));
export const messageRecipientsResponseSchema = envelope(
  z.object({ course: messageCourseSchema, recipients: z.array(personSchema) }),
);
export const messageSettingsResponseSchema = envelope(z.object({ settings: messageSettingsSchema }));

export const reportedConversationSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  subject: z.string(),
  participants: z.array(personSchema),
  reports: z.array(
    z.object({
      reporter: z.object({ _id: z.string(), name: z.string() }),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
  lastReportedAt: z.string(),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;
export const reportedConversationsResponseSchema = envelope(
  z.object({ conversations: z.array(reportedConversationSchema), pagination: paginationSchema }),
);
export const reportedConversationsQuerySchema = conversationListQuerySchema.pick({ page: true, limit: true });
export const reportedConversationResponseSchema = envelope(
  z.object({ conversation: conversationSchema, reports: reportedConversationSchema.shape.reports }),
);
