import { LogOut, Shield, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { ROLE_LABELS } from "@/auth/roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminCoursesTab } from "./AdminCoursesTab";
import { AdminUsersTab } from "./AdminUsersTab";
import { DashboardHeader } from "./DashboardHeader";
import { PlatformStats } from "./PlatformStats";
import { QuickActions } from "./QuickActions";
import { RecentUsers } from "./RecentUsers";
import { SystemStatCards } from "./SystemStatCards";
import { TopCourses } from "./TopCourses";

export function AdminDashboard() {
  const { user, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  async function signOut() {
    setSigningOut(true);
    await logout();
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-8 px-4 py-8 sm:px-6">
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
      <SystemStatCards />
      <Tabs defaultValue="overview" className="grid grid-cols-1 gap-6">
        <TabsList aria-label="Dashboard sections" className="justify-self-start">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="courses">Courses</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid grid-cols-1 gap-6">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <TopCourses />
            <RecentUsers />
          </div>
          <PlatformStats />
          <QuickActions />
        </TabsContent>
        <TabsContent value="users">
          <AdminUsersTab />
        </TabsContent>
        <TabsContent value="courses">
          <AdminCoursesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
