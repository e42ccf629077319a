import { LogOut, Shield, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { ROLE_LABELS } from "@/auth/roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ComingWithCourses } from "./ComingWithCourses";
import { DashboardHeader } from "./DashboardHeader";

export function AdminDashboard() {
  const { user, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  async function signOut() {
    setSigningOut(true);
    await logout();
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <DashboardHeader name={user.name} pageTitle="Admin dashboard" subtitle="Platform overview and management.">
        <Badge variant="secondary" className="gap-1.5 py-1">
          <Shield aria-hidden="true" className="size-3.5" />
          {ROLE_LABELS[user.role]}
        </Badge>
        <Button asChild variant="outline">
          <Link to="/admin/users">
            <Users aria-hidden="true" />
            Manage Users
          </Link>
        </Button>
        <Button variant="outline" onClick={signOut} disabled={signingOut}>
          {signingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
          Logout
        </Button>
      </DashboardHeader>
      <ComingWithCourses what="Platform statistics, analytics, recent users and top courses" />
    </div>
  );
}
