import { ACTIVITY_TYPES, type ActivityType } from "@lms/contract";
import { Activity, Download, RefreshCw, X } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type ActivityFilters, downloadActivitiesCsv, useActivityPage, useActivityTypes } from "@/api/activities";
import { messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { currentLanguage } from "@/i18n/i18n";
import { toast } from "@/lib/toast";
import { useUrlFilters } from "@/lib/useUrlFilters";
import { ActivityCard } from "./ActivityCard";
import { ActivityFiltersForm } from "./ActivityFiltersForm";
import { XapiExport } from "./XapiExport";

const isActivityType = (value: string): value is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(value);

const FILTER_PARAMS = {
  search: "search",
  type: "type",
  startDate: "from",
  endDate: "to",
  userId: "user",
  userName: "userName",
} as const;

/** /activity (spec §2): one's own log; admins see everyone's and can narrow it to one user. */
export function ActivityPage() {
  const { t } = useTranslation("activity");
  const { user } = useAuth();
  const everyone = Boolean(user && isAdmin(user.role));
  const { values, page, setFilters, setPage } = useUrlFilters(FILTER_PARAMS);
  const filters: ActivityFilters = useMemo(
    () => ({
      search: values.search,
      type: values.type,
      startDate: values.startDate,
      endDate: values.endDate,
      userId: everyone ? values.userId : "",
    }),
    [values, everyone],
  );
  const list = useActivityPage(everyone, filters, page);
  const served = useActivityTypes().data;
  // The api names the types in English; the interface shows its own language's names for the known ones.
  const types = useMemo(
    () =>
      (served ?? []).map((type) => ({
        ...type,
        label: isActivityType(type.value) ? t(`types.${type.value}`) : type.label,
      })),
    [served, t],
  );
  const typeOf = useMemo(() => new Map(types.map((type) => [type.value, type])), [types]);
  const data = list.data;

  const exportCsv = () =>
    downloadActivitiesCsv(filters).catch((error) =>
      toast.error(t("page.exportFailed"), { description: messageOf(error, t("page.loadFailed")) }),
    );

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">{t("page.title")}</h1>
          <p className="text-muted-foreground">{everyone ? t("page.subtitleEveryone") : t("page.subtitleOwn")}</p>
        </div>
        <div className="flex gap-2">
          {everyone && (
            <Button variant="outline" onClick={exportCsv}>
              <Download aria-hidden="true" />
              {t("page.export")}
            </Button>
          )}
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" className={list.isFetching ? "animate-spin" : undefined} />
            {t("page.refresh")}
          </Button>
        </div>
      </div>

      <XapiExport everyone={everyone} />

      <ActivityFiltersForm
        applied={filters}
        types={types}
        onApply={(next) => setFilters(next)}
        onClear={() => setFilters({ search: "", type: "", startDate: "", endDate: "", userId: "", userName: "" })}
      />

      {everyone && values.userId && (
        <p className="flex items-center gap-2 text-sm">
          {t("page.showingOf")} <span className="font-medium">{values.userName || t("page.oneUser")}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setFilters({ userId: "", userName: "" })}
            aria-label={t("page.showEveryone")}
          >
            <X aria-hidden="true" />
            {t("page.everyUser")}
          </Button>
        </p>
      )}

      {list.isPending ? (
        <ul aria-busy="true" aria-label={t("page.loading")} className="space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState title={t("page.loadFailed")} onRetry={() => void list.refetch()} />
      ) : data && data.activities.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t(data.pagination.capped ? "page.countCapped" : "page.count", {
              count: data.pagination.total,
              formatted: data.pagination.total.toLocaleString(currentLanguage()),
            })}
          </p>
          <ul className="space-y-3" aria-label={t("page.listLabel")}>
            {data.activities.map((entry) => (
              <ActivityCard
                key={entry._id}
                entry={entry}
                type={typeOf.get(entry.type)}
                onUser={everyone ? (u) => setFilters({ userId: u._id, userName: u.name }) : undefined}
              />
            ))}
          </ul>
          <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={t("page.pages")} />
        </>
      ) : (
        <EmptyState icon={Activity} title={t("page.empty")} />
      )}
    </div>
  );
}
