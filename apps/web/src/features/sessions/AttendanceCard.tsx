import { UserCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLearningActivities } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The learner dashboard's Attendance side card, from real attendance records. */
export default function AttendanceCard() {
  const query = useLearningActivities();
  const { t } = useTranslation("sessions");
  return (
    <section aria-labelledby="attendance-title">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle id="attendance-title" className="flex items-center gap-2 text-base">
            <UserCheck aria-hidden="true" className="size-4 text-primary" />
            {t("attendance.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <Skeleton className="h-14 w-full" />
          ) : query.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p className="text-muted-foreground">{t("attendance.loadFailed")}</p>
              <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                {t("tryAgain")}
              </Button>
            </div>
          ) : query.data.attendance.total === 0 ? (
            <p className="text-muted-foreground text-sm">{t("attendance.empty")}</p>
          ) : (
            <div className="grid gap-2">
              <p className="font-bold text-3xl tabular-nums">{query.data.attendance.rate}%</p>
              <div
                role="progressbar"
                aria-label={t("attendance.attendedLabel")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={query.data.attendance.rate}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${query.data.attendance.rate}%` }} />
              </div>
              <p className="text-muted-foreground text-sm">
                {t("attendance.attended", {
                  attended: query.data.attendance.attended,
                  count: query.data.attendance.total,
                })}
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
