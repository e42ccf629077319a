import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageTitle } from "@/components/PageMeta";
import { cn } from "@/lib/utils";

interface StateScreenProps {
  icon: LucideIcon;
  title: string;
  description: string;
  tone?: "default" | "destructive";
  children?: ReactNode;
}

/** A whole-page state (not found, access denied) with its way out. */
export function StateScreen({ icon: Icon, title, description, tone = "default", children }: StateScreenProps) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <PageTitle name={title} />
      <span
        className={cn(
          "rounded-full p-4",
          tone === "destructive" ? "bg-destructive/10 text-destructive" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      {children && <div className="flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
