import type { CourseDetail } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/datetime";

export function MetadataCard({ course }: { course: CourseDetail }) {
  const { t } = useTranslation("course-detail");
  const rows = [
    [t("info.courseId"), course._id],
    [t("info.courseCode"), course.courseCode],
    [t("info.instructor"), course.instructor ?? t("info.none")],
    [t("info.modules"), String(course.modules.length)],
    [t("tabs.materials"), String(course.materials.length)],
    [t("info.created"), formatDate(course.createdAt)],
    [t("info.lastUpdated"), formatDate(course.updatedAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("info.metadata")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-all text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
