import i18next from "i18next";
import { formatCount } from "@/lib/format";

/** "Insufficient credits to enroll in this course. You need 5 more credits.", or null when the balance covers the price. */
export function shortfallMessage(price: number, credits: number): string | null {
  if (price <= credits) return null;
  const missing = price - credits;
  return `${i18next.t("messages:MESSAGES.insufficientCredits")} ${i18next.t("enroll.needMore", { count: missing, formatted: formatCount(missing) })}`;
}
