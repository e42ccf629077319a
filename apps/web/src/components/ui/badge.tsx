import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const variants = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  outline: "text-foreground",
  success: "border-transparent bg-success/15 text-success",
  // The destructive colour itself is too light on its own tint for small text (3.8:1 in light).
  danger: "border-transparent bg-destructive/15 text-red-800 dark:text-red-300",
  warning: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
} as const;

export type BadgeVariant = keyof typeof variants;

interface BadgeProps extends ComponentProps<"span"> {
  variant?: BadgeVariant;
}

export function Badge({ className, variant = "default", ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
