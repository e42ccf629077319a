import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

interface DashboardListCardProps<T> {
  id: string;
  title: string;
  /** Where View All goes (spec §2). */
  viewAllTo: string;
  query: Pick<UseQueryResult, "isPending" | "isError" | "refetch">;
  /** The loaded items (read only once the query has succeeded). */
  items: T[] | undefined;
  placeholders: number;
  loadingLabel: string;
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; actionTo: string; actionIcon: LucideIcon; actionLabel: string };
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}

/** One of the instructor dashboard's cards: a short list with View All, and its loading, error and empty states. */
export function DashboardListCard<T>(props: DashboardListCardProps<T>) {
  const { id, title, viewAllTo, query, empty } = props;
  const ActionIcon = empty.actionIcon;
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby={id} className="flex">
      <Card className="flex flex-1 flex-col">
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle id={id} className="text-lg">
            {title}
          </CardTitle>
          <Button asChild size="sm" variant="ghost">
            <Link to={viewAllTo}>{t("listCard.viewAll")}</Link>
          </Button>
        </CardHeader>
        <CardContent className="flex-1">
          {query.isPending ? (
            <div role="status" aria-label={props.loadingLabel} className="grid gap-3">
              {Array.from({ length: props.placeholders }, (_, i) => i).map((slot) => (
                <Skeleton key={slot} className="h-12 w-full" />
              ))}
            </div>
          ) : query.isError ? (
            <ErrorState title={props.errorTitle} onRetry={() => query.refetch()} />
          ) : !props.items?.length ? (
            <EmptyState
              icon={empty.icon}
              title={empty.title}
              action={
                <Button asChild size="sm">
                  <Link to={empty.actionTo}>
                    <ActionIcon aria-hidden="true" />
                    {empty.actionLabel}
                  </Link>
                </Button>
              }
            />
          ) : (
            <ul className="divide-y">
              {props.items.map((item) => (
                <li key={props.itemKey(item)} className="grid gap-0.5 py-3 first:pt-0 last:pb-0">
                  {props.renderItem(item)}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
