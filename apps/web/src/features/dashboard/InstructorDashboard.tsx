import { CalendarClock, ClipboardList, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useInstructorDashboardStats } from "@/api/stats";
import { useAuth } from "@/auth/auth-context";
import { UpcomingSessionsCard } from "@/features/sessions/UpcomingSessionsCard";
import { DashboardHeader } from "./DashboardHeader";
import { MaterialsCard } from "./MaterialsCard";
import { RecentAssessmentsCard } from "./RecentAssessmentsCard";
import { StatCard } from "./StatCard";

export function InstructorDashboard() {
  const { user } = useAuth();
  const stats = useInstructorDashboardStats();
  const { t } = useTranslation("dashboard");
  if (!user) return null;
  const value = (key: "upcomingSessions" | "activeAssessments" | "courseMaterials") =>
    stats.isError ? "–" : stats.data?.[key];
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <DashboardHeader name={user.name} pageTitle={t("instructor.pageTitle")} subtitle={t("instructor.subtitle")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={CalendarClock}
          label={t("instructor.upcomingSessions")}
          value={value("upcomingSessions")}
          testId="upcoming-sessions-count"
        />
        <StatCard
          icon={ClipboardList}
          label={t("instructor.activeAssessments")}
          value={value("activeAssessments")}
          testId="assessments-count"
        />
        <StatCard
          icon={FileText}
          label={t("instructor.courseMaterials")}
          value={value("courseMaterials")}
          testId="materials-count"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <UpcomingSessionsCard />
        <RecentAssessmentsCard />
        <MaterialsCard />
      </div>
    </div>
  );
}
