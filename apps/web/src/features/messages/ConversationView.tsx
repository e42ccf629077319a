import { ArrowLeft, Flag } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConversation, useReplyToConversation } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { MessageThread } from "./MessageThread";
import { ReportConversationDialog } from "./ReportConversationDialog";

/** One conversation: its messages, a reply box, and reporting it. Opening it marks it read. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("inbox");
  const conversation = useConversation(conversationId);
  const [reporting, setReporting] = useState(false);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" className="lg:hidden" asChild>
          <Link to="/messages">
            <ArrowLeft aria-hidden="true" />
            {t("conversation.back")}
          </Link>
        </Button>
        {conversation.data && (
          <Button
            variant="outline"
            size="sm"
            className="ms-auto"
            disabled={conversation.data.reported}
            onClick={() => setReporting(true)}
          >
            <Flag aria-hidden="true" />
            {conversation.data.reported ? t("conversation.reported") : t("conversation.report")}
          </Button>
        )}
      </div>
      {conversation.isPending ? (
        <div className="grid gap-3" role="status" aria-label={t("conversation.loading")}>
          <h2 id={headingId} className="sr-only">
            {t("conversation.loading")}
          </h2>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : conversation.isError ? (
        <>
          <h2 id={headingId} className="sr-only">
            {t("conversation.loadFailed")}
          </h2>
          <ErrorState
            title={t("conversation.loadFailed")}
            description={messageOf(conversation.error, t("conversation.loadFailed"))}
            onRetry={() => void conversation.refetch()}
          />
        </>
      ) : (
        <>
          <MessageThread conversation={conversation.data} headingId={headingId} />
          <ReplyForm conversationId={conversationId} />
          <ReportConversationDialog conversationId={conversationId} open={reporting} onOpenChange={setReporting} />
        </>
      )}
    </section>
  );
}

function ReplyForm({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("inbox");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToConversation(conversationId);
  const labelId = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        reply.mutate(body, {
          onSuccess: () => setBody(""),
          onError: (failure) => setError(messageOf(failure, t("reply.failed"))),
        });
      }}
    >
      <span id={labelId} className="font-medium text-sm">
        {t("reply.label")}
      </span>
      <RichTextEditor labelledBy={labelId} value={body} onChange={setBody} invalid={error !== null} />
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending && <Spinner />}
          {t("reply.submit")}
        </Button>
      </div>
    </form>
  );
}
