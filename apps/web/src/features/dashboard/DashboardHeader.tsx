import type { ReactNode } from "react";
import { useAuth } from "@/auth/auth-context";
import { PageTitle } from "@/components/PageMeta";
import { greetingFor } from "./greeting";

interface DashboardHeaderProps {
  name: string;
  pageTitle: string;
  subtitle: string;
  children?: ReactNode;
}

export function DashboardHeader({ name, pageTitle, subtitle, children }: DashboardHeaderProps) {
  const { user } = useAuth();
  const greeting = greetingFor(name, user);
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <PageTitle name={pageTitle} />
      <div className="min-w-0">
        <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{greeting}</h1>
        <p className="mt-1 text-muted-foreground">{subtitle}</p>
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </header>
  );
}
