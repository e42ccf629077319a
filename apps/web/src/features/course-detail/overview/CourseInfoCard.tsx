import type { CourseDetail } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { LANGUAGE_LABELS } from "@/components/course-form/course-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/datetime";
import { formatHours, formatPrice } from "@/lib/format";

/** Difficulty, duration in hours, price or Free, created and last updated (admins). */
export function CourseInfoCard({ course }: { course: CourseDetail }) {
  const { t } = useTranslation("course-detail");
  const rows = [
    [t("info.difficulty"), t(`info.difficulties.${course.difficulty}`)],
    [t("info.duration"), formatHours(course.duration)],
    [t("info.price"), formatPrice(course.priceCredits)],
    [t("info.language"), LANGUAGE_LABELS[course.language]],
    [t("info.created"), formatDate(course.createdAt)],
    [t("info.lastUpdated"), formatDate(course.updatedAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("info.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
