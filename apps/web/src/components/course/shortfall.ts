import { MESSAGES } from "@lms/contract";
import { plural } from "@/lib/format";

/** "Insufficient credits to enroll in this course. You need 5 more credits.", or null when the balance covers the price. */
export function shortfallMessage(price: number, credits: number): string | null {
  if (price <= credits) return null;
  return `${MESSAGES.insufficientCredits} You need ${plural(price - credits, "more credit", "more credits")}.`;
}
