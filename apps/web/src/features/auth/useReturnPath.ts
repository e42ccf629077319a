import type { Role } from "@lms/contract";
import { type Location, useLocation } from "react-router";
import { homePathFor } from "@/auth/roles";

/** Where to go after signing in: the page the guard turned the visitor away from, else the role's dashboard. */
export function useReturnPath(): (role: Role) => string {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return (role) =>
    from && from.pathname !== "/login" ? `${from.pathname}${from.search}${from.hash}` : homePathFor(role);
}
