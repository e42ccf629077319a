import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { usePublicSettings } from "@/api/site-settings";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { PageLoader } from "@/components/PageLoader";
import { MaintenancePage } from "@/features/maintenance/MaintenancePage";

/** Screens that stay open so an administrator can sign in (or recover their password) and end maintenance. */
const OPEN_PATHS = ["/login", "/forgot-password", "/reset-password/"];

/** While maintenance is on, everyone but administrators sees the maintenance page instead of the screen. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const maintenance = usePublicSettings()?.maintenanceMode ?? false;
  const { user, loading, isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const wasOn = useRef(maintenance);

  // What failed during maintenance (the signed-in user's profile too) is loaded again once it ends.
  useEffect(() => {
    if (wasOn.current && !maintenance) void queryClient.invalidateQueries();
    wasOn.current = maintenance;
  }, [maintenance, queryClient]);

  if (!maintenance || OPEN_PATHS.some((path) => pathname === path || pathname.startsWith(path))) return children;
  if (loading) return <PageLoader />;
  if (user && isAdmin(user.role)) return children;
  return <MaintenancePage signedIn={isAuthenticated} />;
}
