import type { DiscussionThreadSummary } from "@lms/contract";
import { CheckCircle2, MessagesSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useDiscussionThreads } from "@/api/discussions";
import { SearchedList } from "@/components/SearchedList";
import { Badge } from "@/components/ui/badge";
import { timeAgo } from "@/lib/time-ago";
import { useSearchedPages } from "@/lib/useSearchedPages";
import { ModerationCard } from "./ModerationCard";
import { NewThreadDialog } from "./NewThreadDialog";
import { PinnedLockedBadges } from "./ThreadBadges";

/** The course's threads, pinned first then newest activity, with search, paging and unread markers. */
export function ThreadList({ courseId, onOpen }: { courseId: string; onOpen: (threadId: string) => void }) {
  const { t } = useTranslation("discussions");
  const searched = useSearchedPages();
  const list = useDiscussionThreads(courseId, searched.page, searched.search);

  return (
    <section aria-labelledby="discussions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discussions-heading" className="font-semibold text-xl">
          {t("list.title")}
        </h2>
        <NewThreadDialog courseId={courseId} onCreated={onOpen} />
      </div>
      <SearchedList
        ns="discussions"
        searched={searched}
        query={list}
        items={list.data?.threads}
        pages={list.data?.pagination.pages ?? 0}
        emptyIcon={MessagesSquare}
        rowHeight="h-16"
        searchClassName="max-w-md"
        itemKey={(thread) => thread._id}
        renderItem={(thread) => <ThreadRow thread={thread} onOpen={() => onOpen(thread._id)} />}
      />
      {list.data?.canModerate && (
        <ModerationCard courseId={courseId} subscribed={list.data.courseSubscribed} settings={list.data.settings} />
      )}
    </section>
  );
}

function ThreadRow({ thread, onOpen }: { thread: DiscussionThreadSummary; onOpen: () => void }) {
  const { t } = useTranslation("discussions");
  return (
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
        <PinnedLockedBadges thread={thread} />
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
  );
}
