import { CheckCircle2, Circle } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

interface ChecklistItem {
  key: string;
  title: string;
  detail?: string;
  /** undefined: nothing to complete for this item. */
  done?: boolean;
  doneLabel: string;
}

/** The syllabus and the prerequisites: items with what the learner has done of them. */
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
                <span className="min-w-0 break-words">
                  {item.title}
                  {item.detail && <span className="ml-1 text-xs text-muted-foreground">({item.detail})</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
