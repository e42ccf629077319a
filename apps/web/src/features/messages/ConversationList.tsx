import type { ConversationSummary } from "@lms/contract";
import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useConversations } from "@/api/conversations";
import { SearchedList } from "@/components/SearchedList";
import { timeAgo } from "@/lib/time-ago";
import { useSearchedPages } from "@/lib/useSearchedPages";
import { cn } from "@/lib/utils";

/** The caller's conversations, newest activity first, with search, paging and unread markers. */
export function ConversationList({ selectedId, onOpen }: { selectedId?: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation("inbox");
  const searched = useSearchedPages();
  const list = useConversations(searched.page, searched.search);

  return (
    <section aria-label={t("list.label")} className="grid gap-4">
      <SearchedList
        ns="inbox"
        searched={searched}
        query={list}
        items={list.data?.conversations}
        pages={list.data?.pagination.pages ?? 0}
        emptyIcon={Mail}
        rowHeight="h-20"
        itemKey={(conversation) => conversation._id}
        renderItem={(conversation) => (
          <ConversationRow
            conversation={conversation}
            selected={conversation._id === selectedId}
            onOpen={() => onOpen(conversation._id)}
          />
        )}
      />
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
  );
}
