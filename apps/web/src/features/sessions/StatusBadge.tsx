import { Badge } from "@/components/ui/badge";
import type { BadgeTone } from "./status";

/** A status pill; "destructive" marks something happening now (a live session). */
export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  if (tone === "destructive") {
    return (
      <Badge className="gap-1.5 border-transparent bg-destructive text-destructive-foreground">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
        {label}
      </Badge>
    );
  }
  return <Badge variant={tone}>{label}</Badge>;
}
