import type { Role } from "@lms/contract";
import {
  Activity,
  Bell,
  BookOpen,
  CalendarClock,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  SlidersHorizontal,
  Users,
} from "lucide-react";
import { homePathFor, isAdmin } from "@/auth/roles";

/** The admins' page of system settings. */
export const SYSTEM_SETTINGS_PATH = "/admin/settings";

export interface NavItem {
  to: string;
  /** The link text's key in the `common` catalogue. */
  label: `nav.links.${"dashboard" | "courses" | "sessions" | "activity" | "users" | "notify" | "system" | "lti" | "categories" | "about"}`;
  icon?: LucideIcon;
}

export function signedInLinks(role: Role): NavItem[] {
  return [
    { to: homePathFor(role), label: "nav.links.dashboard", icon: LayoutDashboard },
    { to: "/courses", label: "nav.links.courses", icon: BookOpen },
    ...(role === "instructor"
      ? [{ to: "/instructor/sessions", label: "nav.links.sessions" as const, icon: CalendarClock }]
      : []),
    { to: "/activity", label: "nav.links.activity", icon: Activity },
    ...(isAdmin(role)
      ? [
          { to: "/admin/users", label: "nav.links.users" as const, icon: Users },
          { to: "/admin/notifications", label: "nav.links.notify" as const, icon: Bell },
          { to: SYSTEM_SETTINGS_PATH, label: "nav.links.system" as const, icon: SlidersHorizontal },
          { to: "/admin/lti-tools", label: "nav.links.lti" as const, icon: Plug },
        ]
      : []),
  ];
}

/** The public catalogue, then anchors on the home page. */
export const SIGNED_OUT_LINKS: NavItem[] = [
  { to: "/courses", label: "nav.links.courses" },
  { to: "/#categories", label: "nav.links.categories" },
  { to: "/#about", label: "nav.links.about" },
];
