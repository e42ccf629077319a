import type { Role } from "@lms/contract";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "@/components/PageLoader";
import { ProfileUnavailable } from "@/components/ProfileUnavailable";
import { useAuth } from "./auth-context";

/**
 * Signed-out visitors go to /login, the location they wanted travelling along in the state; or,
 * on the few pages that have one, see the `visitor` version of the page instead.
 */
export function RequireAuth({ visitor }: { visitor?: ReactNode }) {
  const { isAuthenticated, signingOut, user, loading, reloadProfile } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    if (signingOut) return null;
    return visitor ?? <Navigate to="/login" replace state={{ from: location }} />;
  }
  if (loading) return <PageLoader />;
  if (!user) return <ProfileUnavailable onRetry={reloadProfile} />;
  return <Outlet />;
}

interface RoleGateProps {
  allow: readonly Role[];
  /** Where everyone else goes: a path, or a path chosen from their role. */
  otherwise: string | ((role: Role) => string);
  children?: ReactNode;
}

/** Used inside RequireAuth, so a user is always present. */
export function RoleGate({ allow, otherwise, children }: RoleGateProps) {
  const { user } = useAuth();
  if (!user) return null;
  if (!allow.includes(user.role)) {
    return <Navigate to={typeof otherwise === "string" ? otherwise : otherwise(user.role)} replace />;
  }
  return children ?? <Outlet />;
}
