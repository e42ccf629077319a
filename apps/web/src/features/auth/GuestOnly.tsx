import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { PageLoader } from "@/components/PageLoader";
import { useReturnPath } from "./useReturnPath";

/** Screens for signed-out visitors: a signed-in one goes back where they came from, or to their dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const returnPath = useReturnPath();
  if (loading) return <PageLoader />;
  if (user) return <Navigate to={returnPath(user.role)} replace />;
  return children;
}
