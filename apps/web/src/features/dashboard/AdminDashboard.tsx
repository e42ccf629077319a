import { type AnalyticsTimeframe, DEFAULT_ANALYTICS_TIMEFRAME } from "@lms/contract";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Shield, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { ROLE_LABELS } from "@/auth/roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminAnalyticsTab } from "./AdminAnalyticsTab";
import { AdminCoursesTab } from "./AdminCoursesTab";
import { AdminUsersTab } from "./AdminUsersTab";
import { DashboardHeader } from "./DashboardHeader";
import { PlatformStats } from "./PlatformStats";
import { QuickActions } from "./QuickActions";
import { RecentActivity } from "./RecentActivity";
import { RecentUsers } from "./RecentUsers";
import { SystemStatCards } from "./SystemStatCards";
import { TimeframeSelect } from "./TimeframeSelect";
import { TopCourses } from "./TopCourses";

export function AdminDashboard() {
  const { user, logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>(DEFAULT_ANALYTICS_TIMEFRAME);
  const queryClient = useQueryClient();
  const { t } = useTranslation("dashboard");
  if (!user) return null;

  // A new timeframe loads its own analytics; the other figures are reloaded with it.
  function chooseTimeframe(next: AnalyticsTimeframe) {
    setTimeframe(next);
    queryClient.invalidateQueries({ queryKey: ["stats"] });
    queryClient.invalidateQueries({ queryKey: ["admin-analytics"] });
  }

  async function signOut() {
    setSigningOut(true);
    await logout();
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-8 px-4 py-8 sm:px-6">
      <DashboardHeader name={user.name} pageTitle={t("admin.pageTitle")} subtitle={t("admin.subtitle")}>
        <Badge variant="secondary" className="gap-1.5 py-1">
          <Shield aria-hidden="true" className="size-3.5" />
          {ROLE_LABELS[user.role]}
        </Badge>
        <Button asChild variant="outline">
          <Link to="/admin/users">
            <Users aria-hidden="true" />
            {t("admin.manageUsers")}
          </Link>
        </Button>
        <Button variant="outline" onClick={signOut} disabled={signingOut}>
          {signingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
          {t("admin.logout")}
        </Button>
      </DashboardHeader>
      <SystemStatCards />
      <Tabs defaultValue="overview" className="grid grid-cols-1 gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={t("admin.sections")} className="max-w-full justify-self-start overflow-x-auto">
            <TabsTrigger value="overview">{t("admin.tabs.overview")}</TabsTrigger>
            <TabsTrigger value="analytics">{t("admin.tabs.analytics")}</TabsTrigger>
            <TabsTrigger value="users">{t("admin.tabs.users")}</TabsTrigger>
            <TabsTrigger value="courses">{t("admin.tabs.courses")}</TabsTrigger>
          </TabsList>
          <TimeframeSelect value={timeframe} onChange={chooseTimeframe} />
        </div>
        <TabsContent value="overview" className="grid grid-cols-1 gap-6">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <RecentActivity />
            <TopCourses />
            <RecentUsers />
          </div>
          <PlatformStats />
          <QuickActions />
        </TabsContent>
        <TabsContent value="analytics">
          <AdminAnalyticsTab timeframe={timeframe} />
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
