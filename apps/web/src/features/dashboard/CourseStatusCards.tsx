import type { EnrolledCourse } from "@lms/contract";
import { CheckCircle2, Clock3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { countStatuses } from "./course-status";

/** Courses complete and incomplete, from the learner's real enrollments (what to do next is its own card). */
export function CourseStatusCards({ courses }: { courses: EnrolledCourse[] | undefined }) {
  const { t } = useTranslation("dashboard");
  const counts = courses ? countStatuses(courses) : undefined;
  const items = [
    { key: "complete", label: t("status.complete"), icon: CheckCircle2, tone: "text-success", value: counts?.complete },
    { key: "incomplete", label: t("status.incomplete"), icon: Clock3, tone: "text-primary", value: counts?.incomplete },
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("status.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          {items.map(({ key, label, icon: Icon, tone, value }) => (
            <div key={key} className="flex items-center gap-3">
              <Icon aria-hidden="true" className={cn("size-5 shrink-0", tone)} />
              <dt className="flex-1 text-sm">{label}</dt>
              <dd className="font-semibold text-lg tabular-nums">
                {value === undefined ? <Skeleton className="h-6 w-6" /> : value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
