import type { HealthState } from "@lms/contract";
import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSystemHealth } from "@/api/admin-analytics";
import { ErrorState } from "@/components/ErrorState";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";

const STATE_BADGES = { ok: "success", degraded: "warning", down: "danger" } as const satisfies Record<
  HealthState,
  BadgeVariant
>;

/** GET /admin/health: the score and each component's state with its detail. */
export function HealthPanel() {
  const query = useSystemHealth();
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="system-health-title">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle id="system-health-title" className="text-lg">
            {t("health.title")}
            {query.data && (
              <span data-testid="health-score" className="ml-2 font-bold tabular-nums">
                {formatPercent(query.data.score)}
              </span>
            )}
          </CardTitle>
          <Button size="sm" variant="ghost" onClick={() => query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden="true" className={query.isFetching ? "animate-spin" : undefined} />
            {t("health.checkAgain")}
          </Button>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div role="status" aria-label={t("health.checking")} className="grid gap-3">
              {Array.from({ length: 4 }, (_, i) => i).map((slot) => (
                <Skeleton key={slot} className="h-10 w-full" />
              ))}
            </div>
          ) : query.isError ? (
            <ErrorState title={t("health.failed")} onRetry={() => query.refetch()} />
          ) : (
            <ul className="grid gap-3">
              {query.data.checks.map((check) => (
                <li key={check.component} data-testid={`health-${check.component}`} className="grid gap-1">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{t(`health.components.${check.component}`)}</span>
                    <Badge variant={STATE_BADGES[check.status]}>{t(`health.states.${check.status}`)}</Badge>
                  </div>
                  <p className="break-words text-muted-foreground text-sm">{check.detail}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
