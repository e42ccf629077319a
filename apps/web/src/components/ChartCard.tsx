import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A titled chart; `summary` is what a screen reader hears instead of the drawing. */
export function ChartCard({
  title,
  summary,
  empty,
  children,
}: {
  title: string;
  summary: string;
  empty?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <figure aria-label={title} className="h-64 w-full min-w-0">
            <figcaption className="sr-only">{summary}</figcaption>
            <div aria-hidden="true" inert className="h-full w-full">
              {children}
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
