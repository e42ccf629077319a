import { BookOpen } from "lucide-react";
import { useNavigate } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { EmptyState } from "@/components/EmptyState";
import { Button } from "@/components/ui/button";
import { ComingWithCourses } from "./ComingWithCourses";
import { DashboardHeader } from "./DashboardHeader";

export function LearnerDashboard() {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <DashboardHeader name={user.name} pageTitle="Dashboard" subtitle="Pick up where you left off." />
      <ComingWithCourses what="Your enrolled courses, progress and learning activities" />
      <section aria-labelledby="continue-learning" className="grid gap-4">
        <h2 id="continue-learning" className="font-semibold text-xl">
          Continue Learning
        </h2>
        <EmptyState
          icon={BookOpen}
          title="No courses to continue"
          description="Courses you enrol in will show up here with your progress."
          action={<Button onClick={() => navigate("/courses")}>Browse Courses</Button>}
        />
      </section>
    </div>
  );
}
