import type { CourseDetail } from "@lms/contract";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/datetime";

export function MetadataCard({ course }: { course: CourseDetail }) {
  const rows = [
    ["Course ID", course._id],
    ["Course code", course.courseCode],
    ["Instructor", course.instructor ?? "None"],
    ["Modules", String(course.modules.length)],
    ["Materials", String(course.materials.length)],
    ["Created", formatDate(course.createdAt)],
    ["Last updated", formatDate(course.updatedAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Metadata</CardTitle>
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
