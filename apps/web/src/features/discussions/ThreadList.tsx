import type { DiscussionThreadSummary } from "@lms/contract";
import { CheckCircle2, Lock, MessagesSquare, Pin, Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDiscussionThreads } from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { timeAgo } from "@/lib/time-ago";
import { useSearchAsYouType } from "@/lib/useSearchAsYouType";
import { ModerationCard } from "./ModerationCard";
import { NewThreadDialog } from "./NewThreadDialog";

/** The course's threads, pinned first then newest activity, with search, paging and unread markers. */
export function ThreadList({ courseId, onOpen }: { courseId: string; onOpen: (threadId: string) => void }) {
  const { t } = useTranslation("discussions");
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const box = useSearchAsYouType(search, (value) => {
    setSearch(value);
    setPage(1);
  });
  const list = useDiscussionThreads(courseId, page, search);

  return (
    <section aria-labelledby="discussions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discussions-heading" className="font-semibold text-xl">
          {t("list.title")}
        </h2>
        <NewThreadDialog courseId={courseId} onCreated={onOpen} />
      </div>
      <search className="relative max-w-md">
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
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          title={t("list.loadFailed")}
          description={messageOf(list.error, t("list.loadFailed"))}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.threads.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={search ? t("list.noMatches") : t("list.empty")}
          description={search ? undefined : t("list.emptyHint")}
        />
      ) : (
        <>
          <ul className="grid gap-2">
            {list.data.threads.map((thread) => (
              <ThreadRow key={thread._id} thread={thread} onOpen={() => onOpen(thread._id)} />
            ))}
          </ul>
          <Pagination page={page} pages={list.data.pagination.pages} onPage={setPage} />
        </>
      )}
      {list.data?.canModerate && (
        <ModerationCard courseId={courseId} subscribed={list.data.courseSubscribed} settings={list.data.settings} />
      )}
    </section>
  );
}

function ThreadRow({ thread, onOpen }: { thread: DiscussionThreadSummary; onOpen: () => void }) {
  const { t } = useTranslation("discussions");
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full gap-1 rounded-lg border bg-card p-3 text-start transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex flex-wrap items-center gap-2">
          {thread.unread && (
            <span className="flex items-center gap-1 font-medium text-primary text-xs">
              <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
              {t("list.unread")}
            </span>
          )}
          {thread.pinned && (
            <Badge variant="secondary">
              <Pin aria-hidden="true" />
              {t("thread.pinned")}
            </Badge>
          )}
          {thread.locked && (
            <Badge variant="outline">
              <Lock aria-hidden="true" />
              {t("thread.locked")}
            </Badge>
          )}
          {thread.type === "question" && (
            <Badge variant="outline">{thread.answered ? t("thread.answered") : t("thread.question")}</Badge>
          )}
          {thread.answered && <CheckCircle2 aria-hidden="true" className="size-4 text-success" />}
        </span>
        <span className={thread.unread ? "break-words font-semibold" : "break-words font-medium"}>{thread.title}</span>
        <span className="text-muted-foreground text-xs">
          {t("list.meta", {
            author: thread.author?.name ?? t("thread.formerUser"),
            count: thread.replyCount,
            when: timeAgo(thread.lastActivityAt),
          })}
        </span>
      </button>
    </li>
  );
}
