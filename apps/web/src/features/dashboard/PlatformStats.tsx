import { BookOpen, GraduationCap, TrendingUp, Users } from "lucide-react";
import { usePublicStats } from "@/api/stats";
import { formatCount } from "@/lib/format";
import { StatCard } from "./StatCard";

/** Students, published courses, instructors and the completion rate of all enrollments. */
export function PlatformStats() {
  const stats = usePublicStats();
  const value = (pick: (data: NonNullable<typeof stats.data>) => string) =>
    stats.isError ? "–" : stats.data && pick(stats.data);
  return (
    <section aria-label="Platform statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard icon={Users} label="Students" value={value((d) => formatCount(d.students))} />
      <StatCard icon={BookOpen} label="Published courses" value={value((d) => formatCount(d.courses))} />
      <StatCard icon={GraduationCap} label="Instructors" value={value((d) => formatCount(d.instructors))} />
      <StatCard
        icon={TrendingUp}
        label="Success rate"
        value={value((d) => (d.successRate === null ? "No enrollments" : `${d.successRate}%`))}
      />
    </section>
  );
}
