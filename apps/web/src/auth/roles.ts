import { ROLES, type Role } from "@lms/contract";
import { catalogueLabels } from "@/lib/catalogue-labels";

/** The roles' names in the interface's language (`common` catalogue, `roles.*`). */
export const ROLE_LABELS = catalogueLabels<Role>("roles");

/** The label of a role sent as plain text (e.g. in enrollment lists); unknown values are shown as they are. */
export const roleLabel = (role: string): string =>
  (ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as Role] : role;

export const ADMIN_ROLES: readonly Role[] = ["admin", "super_admin"];
export const INSTRUCTOR_DASHBOARD_ROLES: readonly Role[] = ["instructor", "admin", "super_admin"];

export const isAdmin = (role: Role): boolean => ADMIN_ROLES.includes(role);

/** A backup archive holds every password hash: only a super admin downloads one (the server refuses others). */
export const mayDownloadBackups = (role: Role): boolean => role === "super_admin";

/** Where a signed-in user lands by default (spec §2, Login screen). */
export function homePathFor(role: Role): string {
  if (role === "instructor") return "/instructor/dashboard";
  if (isAdmin(role)) return "/admin/dashboard";
  return "/dashboard";
}

export type CourseArea = "/admin" | "/instructor";

/** The api area a course manager works through (spec §6: course detail is loaded per role). */
export function courseAreaFor(role: Role): CourseArea | null {
  if (isAdmin(role)) return "/admin";
  if (role === "instructor") return "/instructor";
  return null;
}
