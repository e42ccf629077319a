import { type LucideIcon, SearchX } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

interface PagedList<T> {
  items: T[];
  pagination: { page: number; pages: number; total: number };
}

interface WorkspaceListPageProps<T> {
  /** The feature's catalogue: it holds `list.title`, `list.subtitle`, `list.loading`, `list.count` and the empty texts. */
  ns: "instructor-assessments" | "materials";
  query: { isPending: boolean; isError: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  list: PagedList<T> | undefined;
  listLabel: string;
  filters: ReactNode;
  filtered: boolean;
  onClearFilters: () => void;
  /** The page's main action (New, Upload), in the header and in the empty state. */
  action: ReactNode;
  emptyIcon: LucideIcon;
  page: number;
  onPage: (page: number) => void;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  children?: ReactNode;
}

/** An instructor workspace list (assessments, materials): header, filters, loading/error/empty states and pages. */
export function WorkspaceListPage<T>(props: WorkspaceListPageProps<T>) {
  const { ns, query, list, page, onPage } = props;
  const { t } = useTranslation(ns);
  // A page past the end (an old address) moves to the last page there is.
  const lastPage = list?.pagination.pages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) onPage(lastPage);
  }, [lastPage, page, onPage]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label={t("list.loading")} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (query.isError || !list) {
    body = <ErrorState title={t("list.loadFailed")} onRetry={() => query.refetch()} />;
  } else if (list.items.length === 0) {
    body = props.filtered ? (
      <EmptyState
        icon={SearchX}
        title={t("list.noMatch")}
        description={t("list.noMatchHint")}
        action={
          <Button variant="outline" onClick={props.onClearFilters}>
            {t("list.clearFilters")}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={props.emptyIcon}
        title={t("list.empty")}
        description={t("list.emptyHint")}
        action={props.action}
      />
    );
  } else {
    body = (
      <>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {t("list.count", { count: list.pagination.total })}
        </p>
        <ul aria-label={props.listLabel} aria-busy={query.isPlaceholderData} className="grid gap-3">
          {list.items.map((item) => (
            <li key={props.itemKey(item)}>{props.renderItem(item)}</li>
          ))}
        </ul>
        <Pagination page={list.pagination.page} pages={list.pagination.pages} onPage={onPage} label={t("list.pages")} />
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("list.title")} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("list.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("list.subtitle")}</p>
        </div>
        {props.action}
      </header>
      {props.filters}
      {body}
      {props.children}
    </div>
  );
}
