import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  /** undefined while loading; a dash when it failed. */
  value: string | number | undefined;
  testId?: string;
  /** A line under the number, e.g. its growth. */
  detail?: ReactNode;
}

/** A dashboard counter: an icon, what it counts, and the number. */
export function StatCard({ icon: Icon, label, value, testId, detail }: StatCardProps) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <span className="rounded-lg bg-primary/10 p-3 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="text-muted-foreground text-sm">{label}</p>
          {value === undefined ? (
            <Skeleton className="h-8 w-12" />
          ) : (
            <p data-testid={testId} className="break-words font-bold text-2xl tabular-nums">
              {value}
            </p>
          )}
          {value !== undefined && detail}
        </div>
      </CardContent>
    </Card>
  );
}
