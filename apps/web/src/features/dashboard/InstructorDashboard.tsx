import { ClipboardList, FileText } from "lucide-react";
import { useDashboardAssessments } from "@/api/assessments";
import { useDashboardMaterials } from "@/api/materials";
import { useAuth } from "@/auth/auth-context";
import { UpcomingSessionsCard } from "@/features/sessions/UpcomingSessionsCard";
import { UpcomingSessionsStat } from "@/features/sessions/UpcomingSessionsStat";
import { DashboardHeader } from "./DashboardHeader";
import { DASHBOARD_MATERIALS, MaterialsCard } from "./MaterialsCard";
import { DASHBOARD_ASSESSMENTS, RecentAssessmentsCard } from "./RecentAssessmentsCard";
import { StatCard } from "./StatCard";

export function InstructorDashboard() {
  const { user } = useAuth();
  const materials = useDashboardMaterials(DASHBOARD_MATERIALS);
  const assessments = useDashboardAssessments(DASHBOARD_ASSESSMENTS);
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <DashboardHeader
        name={user.name}
        pageTitle="Instructor dashboard"
        subtitle="Your teaching at a glance: sessions, assessments and course materials."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <UpcomingSessionsStat />
        <StatCard
          icon={ClipboardList}
          label="Active assessments"
          value={assessments.isError ? "–" : assessments.data?.active}
          testId="assessments-count"
        />
        <StatCard
          icon={FileText}
          label="Course materials"
          value={materials.isError ? "–" : materials.data?.total}
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
