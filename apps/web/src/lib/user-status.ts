import type { UserStatus } from "@lms/contract";
import { catalogueLabels } from "./catalogue-labels";

/** How a user status reads wherever it is shown (user management, admin dashboard). */
export const STATUS_LABELS = catalogueLabels<UserStatus>("userStatus");
