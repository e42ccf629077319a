import type { SentNotification } from "@lms/contract";
import i18next from "i18next";
import { ROLE_LABELS } from "@/auth/roles";
import { formatCount } from "@/lib/format";

/** A sent notification's audience in words, for the history list. */
export function audienceText({ audience, courseTitle }: Pick<SentNotification, "audience" | "courseTitle">): string {
  switch (audience.type) {
    case "all":
      return i18next.t("notifications:audience.all");
    case "role":
      return i18next.t("notifications:audience.role", { role: ROLE_LABELS[audience.role] });
    case "course":
      return courseTitle
        ? i18next.t("notifications:audience.course", { title: courseTitle })
        : i18next.t("notifications:audience.someCourse");
    case "users":
      return i18next.t("notifications:audience.users", {
        count: audience.userIds.length,
        formatted: formatCount(audience.userIds.length),
      });
  }
}
