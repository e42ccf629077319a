import type { CourseDetail } from "@lms/contract";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Enrollments, completions, rating to one decimal, total ratings; average progress for admins. */
export function StatisticsCard({ stats, admin }: { stats: CourseDetail["stats"]; admin: boolean }) {
  const items = [
    { label: "Enrollments", value: String(stats.enrollments) },
    { label: "Completions", value: String(stats.completions) },
    { label: "Average rating", value: stats.totalRatings > 0 ? stats.averageRating.toFixed(1) : "No rating" },
    { label: "Total ratings", value: String(stats.totalRatings) },
    ...(admin ? [{ label: "Average progress", value: `${stats.averageProgress}%` }] : []),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Course Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {items.map((item) => (
            <div key={item.label} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{item.label}</dt>
              <dd className="font-semibold text-xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
