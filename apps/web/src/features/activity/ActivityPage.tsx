import { Activity, Download, RefreshCw, X } from "lucide-react";
import { useMemo } from "react";
import { toast } from "sonner";
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
import { useUrlFilters } from "@/lib/useUrlFilters";
import { ActivityCard } from "./ActivityCard";
import { ActivityFiltersForm } from "./ActivityFiltersForm";

/** Spec §8 and §2. */
export const ACTIVITY_TEXT = {
  loadFailed: "Failed to load activities. Please try again.",
  empty: "No activities found with the current filters.",
  exportFailed: "Export failed.",
};

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
  const types = useActivityTypes().data ?? [];
  const typeOf = useMemo(() => new Map(types.map((t) => [t.value, t])), [types]);
  const data = list.data;

  const exportCsv = () =>
    downloadActivitiesCsv(filters).catch((error) =>
      toast.error(ACTIVITY_TEXT.exportFailed, { description: messageOf(error, ACTIVITY_TEXT.loadFailed) }),
    );

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <PageTitle name="Activity Tracking" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Activity Tracking</h1>
          <p className="text-muted-foreground">
            {everyone ? "Every user's activity on the platform." : "Your activity on the platform."}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={exportCsv}
            disabled={!everyone}
            title={everyone ? undefined : "Only administrators can export"}
          >
            <Download aria-hidden="true" />
            Export
          </Button>
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" className={list.isFetching ? "animate-spin" : undefined} />
            Refresh
          </Button>
        </div>
      </div>

      <ActivityFiltersForm
        applied={filters}
        types={types}
        onApply={(next) => setFilters(next)}
        onClear={() => setFilters({ search: "", type: "", startDate: "", endDate: "", userId: "", userName: "" })}
      />

      {everyone && values.userId && (
        <p className="flex items-center gap-2 text-sm">
          Showing the activity of <span className="font-medium">{values.userName || "one user"}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setFilters({ userId: "", userName: "" })}
            aria-label="Show every user"
          >
            <X aria-hidden="true" />
            Every user
          </Button>
        </p>
      )}

      {list.isPending ? (
        <ul aria-busy="true" aria-label="Loading activities" className="space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState title={ACTIVITY_TEXT.loadFailed} onRetry={() => void list.refetch()} />
      ) : data && data.activities.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.pagination.capped
              ? `${data.pagination.total.toLocaleString("en")}+`
              : data.pagination.total.toLocaleString("en")}{" "}
            {data.pagination.total === 1 ? "activity" : "activities"}
          </p>
          <ul className="space-y-3" aria-label="Activities">
            {data.activities.map((entry) => (
              <ActivityCard
                key={entry._id}
                entry={entry}
                type={typeOf.get(entry.type)}
                onUser={everyone ? (u) => setFilters({ userId: u._id, userName: u.name }) : undefined}
              />
            ))}
          </ul>
          <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label="Activity pages" />
        </>
      ) : (
        <EmptyState icon={Activity} title={ACTIVITY_TEXT.empty} />
      )}
    </div>
  );
}
