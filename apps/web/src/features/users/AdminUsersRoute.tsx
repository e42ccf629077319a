import i18next from "i18next";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { toast } from "@/lib/toast";
import { UserManagementPage } from "./UserManagementPage";

/** Spec §6: non-admins visiting User Management get the Access Denied toast and go to /dashboard. */
export function AdminUsersRoute() {
  const { user } = useAuth();
  const denied = user !== null && !isAdmin(user.role);
  useEffect(() => {
    // The id keeps a double-run effect (React's strict mode) from showing the toast twice.
    if (denied) toast.error(i18next.t("messages:USER_ADMIN_MESSAGES.accessDenied"), { id: "users-access-denied" });
  }, [denied]);
  if (!user) return null;
  return denied ? <Navigate to="/dashboard" replace /> : <UserManagementPage />;
}
