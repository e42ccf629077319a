import type { LucideIcon } from "lucide-react";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import type { SearchedPages } from "@/lib/useSearchedPages";
import { cn } from "@/lib/utils";

interface SearchedListProps<T> {
  searched: SearchedPages;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: readonly T[] | undefined;
  pages: number;
  /** The feature's catalogue: it holds `list.search`, `list.searchPlaceholder`, `list.loading`, `list.loadFailed` and the empty texts. */
  ns: "inbox" | "discussions";
  emptyIcon: LucideIcon;
  /** The loading rows' height, near the rows' own. */
  rowHeight: "h-16" | "h-20";
  searchClassName?: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/** A search box over a paged list, with its loading, error and empty states (a search that matched nothing says so). */
export function SearchedList<T>(props: SearchedListProps<T>) {
  const { searched, query, items } = props;
  const { box } = searched;
  const { t } = useTranslation(props.ns);
  return (
    <>
      <search className={cn("relative", props.searchClassName)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            box.submit();
          }}
        >
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 absolute start-3 top-1/2 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            value={box.text}
            onChange={(event) => box.change(event.target.value)}
            placeholder={t("list.searchPlaceholder")}
            aria-label={t("list.search")}
            className="ps-9"
          />
        </form>
      </search>
      {query.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t("list.loading")}>
          <Skeleton className={cn("w-full", props.rowHeight)} />
          <Skeleton className={cn("w-full", props.rowHeight)} />
          <Skeleton className={cn("w-full", props.rowHeight)} />
        </div>
      ) : query.isError || !items ? (
        <ErrorState
          title={t("list.loadFailed")}
          description={messageOf(query.error, t("list.loadFailed"))}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={props.emptyIcon}
          title={searched.search ? t("list.noMatches") : t("list.empty")}
          description={searched.search ? undefined : t("list.emptyHint")}
        />
      ) : (
        <>
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={props.itemKey(item)}>{props.renderItem(item)}</li>
            ))}
          </ul>
          <Pagination page={searched.page} pages={props.pages} onPage={searched.setPage} />
        </>
      )}
    </>
  );
}
