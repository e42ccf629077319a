import { CalendarClock } from "lucide-react";
import { useInstructorUpcomingSessions } from "@/api/sessions";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The instructor dashboard's counter of upcoming sessions (status scheduled). */
export function UpcomingSessionsStat() {
  const query = useInstructorUpcomingSessions();
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <span className="rounded-lg bg-primary/10 p-3 text-primary">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-0.5">
          <p className="text-muted-foreground text-sm">Upcoming sessions</p>
          {query.isPending ? (
            <Skeleton className="h-8 w-12" />
          ) : (
            <p data-testid="upcoming-sessions-count" className="font-bold text-2xl tabular-nums">
              {query.isError ? "–" : query.data.total}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
