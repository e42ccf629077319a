import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the spinner sits inside an already labelled control. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
