import { LIMITS } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { useEnrolledCourses } from "@/api/enrollments";
import { useAuth } from "@/auth/auth-context";
import AttendanceCard from "@/features/sessions/AttendanceCard";
import LearningActivities from "@/features/sessions/LearningActivities";
import { ContinueLearning } from "./ContinueLearning";
import { CourseStatusCards } from "./CourseStatusCards";
import { DashboardHeader } from "./DashboardHeader";
import { GradebookCard } from "./GradebookCard";
import { NextSteps } from "./NextSteps";

export function LearnerDashboard() {
  const { user } = useAuth();
  const enrolled = useEnrolledCourses({ limit: LIMITS.pageSizeMax });
  const { t } = useTranslation("dashboard");
  if (!user) return null;
  const courses = enrolled.data?.courses;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <DashboardHeader name={user.name} pageTitle={t("learner.pageTitle")} subtitle={t("learner.subtitle")} />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="grid min-w-0 content-start gap-8">
          <ContinueLearning courses={courses} failed={enrolled.isError} onRetry={() => void enrolled.refetch()} />
          <LearningActivities />
        </div>
        <aside aria-label={t("learner.progress")} className="grid content-start gap-4">
          <NextSteps courses={courses} />
          <CourseStatusCards courses={courses} />
          <AttendanceCard />
          <GradebookCard />
        </aside>
      </div>
    </div>
  );
}
