import type { PublicStats } from "@lms/contract";
import { usePublicStats } from "@/api/stats";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";

/** Values are undefined while loading. */
function figures(data: PublicStats | undefined) {
  return [
    { label: "Students", value: data && formatCount(data.students) },
    { label: "Courses", value: data && formatCount(data.courses) },
    { label: "Instructors", value: data && formatCount(data.instructors) },
    { label: "Success rate", value: data && (data.successRate === null ? "—" : `${data.successRate}%`) },
  ];
}

export function HeroStats() {
  const stats = usePublicStats();
  if (stats.isError) {
    return <p className="text-center text-sm text-muted-foreground">Platform statistics are unavailable right now.</p>;
  }
  return (
    <dl aria-busy={stats.isPending} className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
      {figures(stats.data).map(({ label, value }) => (
        <div key={label} className="rounded-xl border bg-card/70 p-4 text-center shadow-xs backdrop-blur">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="mt-1 flex justify-center font-bold text-2xl tracking-tight sm:text-3xl">
            {value ?? <Skeleton className="h-8 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
