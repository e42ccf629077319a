import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { idSchema, userIdSchema } from "./ids.js";

/** Credits staff give to learners, and learners' requests for them (issue 21). */
export const CREDIT_LIMITS = {
  /** The most credits one grant gives each learner. */
  grantMax: 10_000,
  /** A balance never grows past this (the users table's own ceiling for credits). */
  balanceMax: 1_000_000_000,
  /** Learners chosen by id in one grant; a whole course's learners are chosen by the course. */
  userIdsMax: 500,
  reasonMax: 200,
  requestMessageMax: 500,
} as const;

export const CREDIT_MESSAGES = messageGroup("CREDIT_MESSAGES", {
  amountInvalid: `Credits to grant must be a whole number from 1 to ${CREDIT_LIMITS.grantMax}`,
  reasonTooLong: `The reason must be at most ${CREDIT_LIMITS.reasonMax} characters`,
  userIdsRequired: "Choose at least one learner",
  userIdsTooMany: `At most ${CREDIT_LIMITS.userIdsMax} learners may be chosen; grant to the whole course instead`,
  unknownUsers: "Some chosen users do not exist",
  notYourLearners: "You can only grant credits to learners enrolled in a course you teach",
  noLearners: "This course has no learners to grant credits to",
  balanceTooHigh: "The grant would take a balance past its maximum",
  granted: "Credits granted",
  messageTooLong: `The message must be at most ${CREDIT_LIMITS.requestMessageMax} characters`,
  requestOpen: "You have already asked for credits for this course; the teacher has not answered yet",
  requestNotNeeded: "This course needs no credits you do not already have",
  noTeacher: "This course has no teacher to ask",
  requested: "Your request was sent to the course's teacher",
  requestNotFound: "Credit request not found",
  requestClosed: "This credit request has already been answered",
  dismissed: "Credit request dismissed",
});
const M = CREDIT_MESSAGES;

export const creditAmountSchema = z
  .number({ error: M.amountInvalid })
  .int(M.amountInvalid)
  .min(1, M.amountInvalid)
  .max(CREDIT_LIMITS.grantMax, M.amountInvalid);

/** Who a grant goes to: chosen users, or every learner enrolled in a course. */
export const creditRecipientsSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("users"),
    userIds: z
      .array(userIdSchema)
      .min(1, M.userIdsRequired)
      .max(CREDIT_LIMITS.userIdsMax, M.userIdsTooMany)
      .transform((ids) => [...new Set(ids)]),
  }),
  z.object({ type: z.literal("course"), courseId: idSchema }),
]);
export type CreditRecipients = z.infer<typeof creditRecipientsSchema>;

/** POST /api/credits/grants: every recipient gets `amount` credits, or nobody does. */
export const creditGrantSchema = z.object({
  amount: creditAmountSchema,
  reason: z.string().trim().max(CREDIT_LIMITS.reasonMax, M.reasonTooLong).optional(),
  recipients: creditRecipientsSchema,
});
export type CreditGrant = z.input<typeof creditGrantSchema>;

export const creditGrantResponseSchema = envelope(z.object({ amount: z.number().int(), recipients: z.number().int() }));

/** POST /api/courses/{id}/credit-requests: a learner short of credits asks the course's teacher. */
export const creditRequestCreateSchema = z.object({
  message: z.string().trim().max(CREDIT_LIMITS.requestMessageMax, M.messageTooLong).optional(),
});
export type CreditRequestCreate = z.infer<typeof creditRequestCreateSchema>;

export const CREDIT_REQUEST_STATUSES = ["open", "granted", "dismissed"] as const;

/** A learner's request, as the learner and the course's teacher see it. */
export const creditRequestSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string(), credits: z.number().int() }),
  message: z.string().nullable(),
  status: z.enum(CREDIT_REQUEST_STATUSES),
  /** What the learner lacks for the course's price today (0 once they have enough). */
  shortfall: z.number().int(),
  grantedAmount: z.number().int().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CreditRequest = z.infer<typeof creditRequestSchema>;

export const creditRequestParamsSchema = z.object({ requestId: idSchema });

export const creditRequestResponseSchema = envelope(z.object({ request: creditRequestSchema }));
export const myCreditRequestResponseSchema = envelope(z.object({ request: creditRequestSchema.nullable() }));
export const creditRequestsResponseSchema = envelope(z.object({ requests: z.array(creditRequestSchema) }));

/** POST /api/credit-requests/{requestId}/grant: the teacher answers with an amount. */
export const creditRequestGrantSchema = z.object({ amount: creditAmountSchema });
