import type { CreditRequest } from "@lms/contract";
import type { PresentableRequest } from "./repo.js";

export const presentCreditRequest = (row: PresentableRequest): CreditRequest => ({
  _id: row.id,
  courseId: row.course_id,
  learner: { _id: row.user_id, name: row.learner_name, email: row.learner_email, credits: row.learner_credits },
  message: row.message,
  status: row.status,
  shortfall: Math.max(0, row.price_credits - row.learner_credits),
  grantedAmount: row.granted_amount,
  createdAt: row.created_at,
  closedAt: row.closed_at,
});
