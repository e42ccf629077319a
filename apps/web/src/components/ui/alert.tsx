import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const variants = {
  default: "bg-card text-card-foreground",
  destructive: "border-destructive/40 bg-destructive/10 text-destructive [&>svg]:text-destructive",
  success: "border-success/40 bg-success/10 text-foreground [&>svg]:text-success",
} as const;

interface AlertProps extends ComponentProps<"div"> {
  variant?: keyof typeof variants;
}

export function Alert({ className, variant = "default", role = "alert", ...props }: AlertProps) {
  return (
    <div
      role={role}
      className={cn(
        "relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-0.5 rounded-lg border px-4 py-3 text-sm",
        "[&>svg]:mt-0.5 [&>svg]:size-4 [&>:not(svg)]:col-start-2",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("font-medium leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("text-sm opacity-90", className)} {...props} />;
}
