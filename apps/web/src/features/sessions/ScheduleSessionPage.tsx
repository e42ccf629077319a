import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSchedulableCourses } from "@/api/sessions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ScheduleSessionForm } from "./schedule/ScheduleSessionForm";

/** /instructor/sessions/new: the schedule form as a page, for the course in `?courseId=` or the first one taught. */
export function ScheduleSessionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courses = useSchedulableCourses();
  const { t } = useTranslation("sessions");
  const wanted = params.get("courseId");
  const back = wanted ? `/courses/${wanted}` : "/instructor/sessions";

  let body: ReactNode;
  if (courses.isPending) {
    body = <PageLoader label={t("schedule.loadingCourses")} />;
  } else if (courses.isError) {
    body = <ErrorState title={t("schedule.coursesFailed")} onRetry={() => courses.refetch()} />;
  } else if (!wanted && courses.data.length === 0) {
    body = (
      <EmptyState
        icon={BookOpen}
        title={t("schedule.noCourses")}
        description={t("schedule.noCoursesHint")}
        action={
          <Button asChild>
            <Link to="/courses">{t("schedule.goToCourses")}</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <Card>
        <CardContent className="p-4 sm:p-6">
          <ScheduleSessionForm
            courseId={wanted ?? courses.data[0]._id}
            onScheduled={() => navigate(back)}
            cancel={
              <Button asChild variant="outline">
                <Link to={back}>{t("schedule.cancel")}</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("schedule.title")} />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("schedule.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("schedule.description")}</p>
      </header>
      {body}
    </div>
  );
}
