import type { ConversationSummary } from "@lms/contract";
import { Mail, Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConversations } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { timeAgo } from "@/lib/time-ago";
import { useSearchAsYouType } from "@/lib/useSearchAsYouType";
import { cn } from "@/lib/utils";

/** The caller's conversations, newest activity first, with search, paging and unread markers. */
export function ConversationList({ selectedId, onOpen }: { selectedId?: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation("inbox");
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const box = useSearchAsYouType(search, (value) => {
    setSearch(value);
    setPage(1);
  });
  const list = useConversations(page, search);

  return (
    <section aria-label={t("list.label")} className="grid gap-4">
      <search className="relative">
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
      {list.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t("list.loading")}>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          title={t("list.loadFailed")}
          description={messageOf(list.error, t("list.loadFailed"))}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.conversations.length === 0 ? (
        <EmptyState
          icon={Mail}
          title={search ? t("list.noMatches") : t("list.empty")}
          description={search ? undefined : t("list.emptyHint")}
        />
      ) : (
        <>
          <ul className="grid gap-2">
            {list.data.conversations.map((conversation) => (
              <ConversationRow
                key={conversation._id}
                conversation={conversation}
                selected={conversation._id === selectedId}
                onOpen={() => onOpen(conversation._id)}
              />
            ))}
          </ul>
          <Pagination page={page} pages={list.data.pagination.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function ConversationRow({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation("inbox");
  const names = conversation.with.map((person) => person.name).join(", ") || t("conversation.formerUser");
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? "true" : undefined}
        data-testid="conversation-row"
        className={cn(
          "grid w-full gap-1 rounded-lg border bg-card p-3 text-start transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          selected && "border-primary",
        )}
      >
        <span className="flex flex-wrap items-center justify-between gap-2 text-xs">
          <span className="min-w-0 break-words text-muted-foreground">{conversation.courseTitle}</span>
          <time dateTime={conversation.lastMessageAt} className="text-muted-foreground">
            {timeAgo(conversation.lastMessageAt)}
          </time>
        </span>
        <span className="flex items-center gap-2">
          {conversation.unread && (
            <>
              <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
              <span className="sr-only">{t("list.unread")}</span>
            </>
          )}
          <span className={cn("min-w-0 break-words", conversation.unread ? "font-semibold" : "font-medium")}>
            {conversation.subject}
          </span>
        </span>
        <span className="break-words text-sm">{t("list.with", { names })}</span>
        <span className="line-clamp-2 break-words text-muted-foreground text-sm">
          {conversation.lastMessage.authorName && `${conversation.lastMessage.authorName}: `}
          {conversation.lastMessage.excerpt}
        </span>
      </button>
    </li>
  );
}
