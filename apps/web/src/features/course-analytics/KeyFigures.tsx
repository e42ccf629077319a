import type { CourseAnalytics } from "@lms/contract";
import type { LucideIcon } from "lucide-react";
import { AlertTriangle, CheckCircle2, Gauge, Users, Video } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

const percent = (value: number | null) => (value === null ? "–" : `${value}%`);

function Figure({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </p>
        <p className="text-2xl font-semibold" data-testid={testId}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** The course's headline figures, as the api computed them. */
export function KeyFigures({ analytics }: { analytics: CourseAnalytics }) {
  const { enrollments, attendance } = analytics;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Figure
        icon={Users}
        label="Learners"
        value={String(enrollments.total)}
        hint="Enrolled in the course"
        testId="figure-learners"
      />
      <Figure
        icon={CheckCircle2}
        label="Completion rate"
        value={percent(analytics.completionRate)}
        hint={`${enrollments.completed} completed`}
        testId="figure-completion-rate"
      />
      <Figure
        icon={Gauge}
        label="Average progress"
        value={percent(analytics.averageProgress)}
        hint="Mean of every learner's progress"
        testId="figure-average-progress"
      />
      <Figure
        icon={Video}
        label="Attendance rate"
        value={percent(attendance.rate)}
        hint={`${attendance.attended} of ${attendance.expected} expected, past sessions`}
        testId="figure-attendance-rate"
      />
      <Figure
        icon={AlertTriangle}
        label="At risk"
        value={String(enrollments.atRisk)}
        hint="Over 14 days in with under 25% progress"
        testId="figure-at-risk"
      />
    </div>
  );
}
