import { CheckCircle2, Circle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

interface ChecklistItem {
  key: string;
  title: string;
  /** undefined: nothing to complete for this item. */
  done?: boolean;
  doneLabel: string;
  /** Where the item opens (a lesson); plain text without it. */
  to?: string;
}

/** The syllabus: each lesson, ticked once viewed, a link to it for those who may open it. */
export function ChecklistCard({ title, items, empty }: { title: string; items: ChecklistItem[]; empty: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={item.key} className="flex items-start gap-2 text-sm">
                {item.done === undefined ? (
                  <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground/50" />
                ) : item.done ? (
                  <CheckCircle2 aria-label={item.doneLabel} className="mt-0.5 size-4 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                )}
                {item.to ? (
                  <Link
                    to={item.to}
                    className="min-w-0 break-words rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {item.title}
                  </Link>
                ) : (
                  <span className="min-w-0 break-words">{item.title}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
