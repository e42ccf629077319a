import type { Role } from "@lms/contract";
import { Activity, Bell, BookOpen, CalendarClock, LayoutDashboard, type LucideIcon, Users } from "lucide-react";
import { homePathFor, isAdmin } from "@/auth/roles";

export interface NavItem {
  to: string;
  label: string;
  icon?: LucideIcon;
}

export function signedInLinks(role: Role): NavItem[] {
  return [
    { to: homePathFor(role), label: "Dashboard", icon: LayoutDashboard },
    { to: "/courses", label: "Courses", icon: BookOpen },
    ...(role === "instructor" ? [{ to: "/instructor/sessions", label: "Sessions", icon: CalendarClock }] : []),
    { to: "/activity", label: "Activity", icon: Activity },
    ...(isAdmin(role)
      ? [
          { to: "/admin/users", label: "Users", icon: Users },
          { to: "/admin/notifications", label: "Notify", icon: Bell },
        ]
      : []),
  ];
}

/** The public catalogue, then anchors on the home page. */
export const SIGNED_OUT_LINKS: NavItem[] = [
  { to: "/courses", label: "Courses" },
  { to: "/#categories", label: "Categories" },
  { to: "/#about", label: "About" },
];
