import type { UserStatus } from "@lms/contract";

/** How a user status reads wherever it is shown (user management, admin dashboard). */
export const STATUS_LABELS: Record<UserStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  suspended: "Suspended",
};
