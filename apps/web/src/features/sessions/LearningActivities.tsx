import type { LearningActivity } from "@lms/contract";
import { CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLearningActivities } from "@/api/sessions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ToDoList } from "@/features/dashboard/ToDoList";
import { ActivityItem } from "./ActivityItem";
import { CalendarFeedCard } from "./CalendarFeedCard";
import { useRefreshOnSessionStart } from "./useRefreshOnSessionStart";

function ActivityGroup({ title, activities }: { title: string; activities: LearningActivity[] }) {
  if (activities.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">{title}</h3>
      <ul className="divide-y">
        {activities.map((activity) => (
          <ActivityItem key={activity._id} activity={activity} />
        ))}
      </ul>
    </section>
  );
}

function ActivitiesBody() {
  const query = useLearningActivities();
  useRefreshOnSessionStart();
  const { t } = useTranslation("sessions");
  if (query.isPending) {
    return (
      <div role="status" aria-label={t("activities.loading")} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState title={t("activities.loadFailed")} onRetry={() => query.refetch()} />;
  const { activities, toDos } = query.data;
  if (activities.length === 0 && toDos.length === 0) {
    return <EmptyState icon={CalendarClock} title={t("activities.empty")} description={t("activities.emptyHint")} />;
  }
  const coming = activities.filter((a) => a.status === "upcoming" || a.status === "ongoing");
  const past = activities.filter((a) => a.status !== "upcoming" && a.status !== "ongoing");
  return (
    <div className="grid gap-6">
      {toDos.length > 0 && (
        <section aria-label={t("activities.toDo")} className="grid gap-3">
          <h3 className="font-medium text-muted-foreground text-sm uppercase tracking-wide">{t("activities.toDo")}</h3>
          <ToDoList toDos={toDos} />
        </section>
      )}
      <ActivityGroup title={t("activities.upcoming")} activities={coming} />
      <ActivityGroup title={t("activities.completed")} activities={past} />
    </div>
  );
}

/**
 * The learner dashboard's "Learning Activities": the learner's to-dos (open attempts, assessments
 * not attempted yet), up to 3 upcoming and 3 past sessions, quizzes and assignments, plus calendar sync.
 */
export default function LearningActivities() {
  const { t } = useTranslation("sessions");
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("activities.title")}</CardTitle>
          <CardDescription>{t("activities.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ActivitiesBody />
        </CardContent>
      </Card>
      <CalendarFeedCard />
    </div>
  );
}
