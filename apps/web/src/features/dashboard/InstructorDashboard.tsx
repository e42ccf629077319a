import { useAuth } from "@/auth/auth-context";
import { UpcomingSessionsCard } from "@/features/sessions/UpcomingSessionsCard";
import { UpcomingSessionsStat } from "@/features/sessions/UpcomingSessionsStat";
import { ComingWithCourses } from "./ComingWithCourses";
import { DashboardHeader } from "./DashboardHeader";

export function InstructorDashboard() {
  const { user } = useAuth();
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
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <UpcomingSessionsCard />
      </div>
      <ComingWithCourses what="Active assessments and course materials" />
    </div>
  );
}
