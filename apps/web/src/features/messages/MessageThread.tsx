import type { Conversation } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { RichText } from "@/components/assessment/RichText";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/datetime";
import { cn } from "@/lib/utils";

/** A conversation's heading facts and its messages, oldest first; one's own on the other side. */
export function MessageThread({ conversation, headingId }: { conversation: Conversation; headingId: string }) {
  const { t } = useTranslation("inbox");
  const teachers = new Set(conversation.participants.filter((p) => p.teacher).map((p) => p._id));
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="break-words font-semibold text-xl">
          {conversation.subject}
        </h2>
        <p className="text-muted-foreground text-sm">
          {t("conversation.course", { course: conversation.courseTitle })}
        </p>
        <ul className="flex flex-wrap gap-2" aria-label={t("conversation.participants")}>
          {conversation.participants.map((person) => (
            <li key={person._id}>
              <Badge variant={person.teacher ? "secondary" : "outline"}>
                {person.name}
                {person.teacher && ` · ${t("conversation.teacher")}`}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <ol className="grid gap-3" aria-label={t("conversation.messages")}>
        {conversation.messages.map((message) => (
          <li
            key={message._id}
            data-testid="conversation-message"
            className={cn(
              "grid max-w-[92%] gap-1 rounded-lg border p-3",
              message.mine ? "justify-self-end bg-accent/60" : "justify-self-start bg-card",
            )}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
              <span className="font-medium">
                {message.mine ? t("conversation.you") : (message.author?.name ?? t("conversation.formerUser"))}
                {message.author &&
                  teachers.has(message.author._id) &&
                  !message.mine &&
                  ` · ${t("conversation.teacher")}`}
              </span>
              <time dateTime={message.createdAt} className="text-muted-foreground">
                {formatDateTime(message.createdAt)}
              </time>
            </p>
            <RichText html={message.body} className="text-sm" />
          </li>
        ))}
      </ol>
    </div>
  );
}
