import type { SentNotification } from "@lms/contract";
import { ROLE_LABELS } from "@/auth/roles";
import { plural } from "@/lib/format";

/** A sent notification's audience in words, for the history list. */
export function audienceText({ audience, courseTitle }: Pick<SentNotification, "audience" | "courseTitle">): string {
  switch (audience.type) {
    case "all":
      return "Everyone";
    case "role":
      return `Role: ${ROLE_LABELS[audience.role]}`;
    case "course":
      return `Learners of ${courseTitle ?? "a course"}`;
    case "users":
      return plural(audience.userIds.length, "chosen user");
  }
}
