import type { Role } from "@lms/contract";
import { Activity, BookOpen, LayoutDashboard, type LucideIcon, Users } from "lucide-react";
import { homePathFor, isAdmin } from "@/auth/roles";

export interface NavItem {
  to: string;
  label: string;
  icon?: LucideIcon;
}

export function signedInLinks(role: Role): NavItem[] {
  const links: NavItem[] = [
    { to: homePathFor(role), label: "Dashboard", icon: LayoutDashboard },
    { to: "/courses", label: "Courses", icon: BookOpen },
    { to: "/activity", label: "Activity", icon: Activity },
  ];
  if (isAdmin(role)) links.push({ to: "/admin/users", label: "Users", icon: Users });
  return links;
}

/** Anchors on the home page. */
export const SIGNED_OUT_LINKS: NavItem[] = [
  { to: "/#courses", label: "Courses" },
  { to: "/#categories", label: "Categories" },
  { to: "/#about", label: "About" },
];
