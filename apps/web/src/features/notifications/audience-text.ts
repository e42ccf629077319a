import type { NotificationAudience } from "@lms/contract";
import { ROLE_LABELS } from "@/auth/roles";
import { plural } from "@/lib/format";

/** A sent notification's audience in words, for the history list. */
export function audienceText(audience: NotificationAudience): string {
  switch (audience.type) {
    case "all":
      return "Everyone";
    case "role":
      return `Role: ${ROLE_LABELS[audience.role]}`;
    case "course":
      return "A course's learners";
    case "users":
      return plural(audience.userIds.length, "chosen user");
  }
}
