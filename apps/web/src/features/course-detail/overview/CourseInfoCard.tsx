import type { CourseDetail } from "@lms/contract";
import { LANGUAGE_LABELS } from "@/components/course-form/course-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/datetime";
import { formatHours, formatPrice } from "@/lib/format";

/** Difficulty, duration in hours, price or Free, created and last updated (admins). */
export function CourseInfoCard({ course }: { course: CourseDetail }) {
  const rows = [
    ["Difficulty", course.difficulty[0].toUpperCase() + course.difficulty.slice(1)],
    ["Duration", formatHours(course.duration)],
    ["Price", formatPrice(course.priceCredits)],
    ["Language", LANGUAGE_LABELS[course.language]],
    ["Created", formatDate(course.createdAt)],
    ["Last updated", formatDate(course.updatedAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Course Information</CardTitle>
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
