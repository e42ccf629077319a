import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** A badge that stays readable over a course thumbnail. */
export function CornerBadge({ className, ...props }: ComponentProps<typeof Badge>) {
  return <Badge className={cn("bg-background/90 shadow-sm backdrop-blur", className)} {...props} />;
}
