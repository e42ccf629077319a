import type { DiscussionReply } from "@lms/contract";
import { ArrowLeft, Bell, BellOff, EyeOff, Lock, LockOpen, Pin, PinOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDiscussionThread, useThreadFlag, useThreadSubscription } from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { PostCard } from "./PostCard";
import { ReplyBox } from "./ReplyBox";
import { PinnedLockedBadges } from "./ThreadBadges";

/** One thread: its opening post, its replies (one level nested), and what the caller may do. */
export function ThreadView({ courseId, threadId, onBack }: { courseId: string; threadId: string; onBack: () => void }) {
  const { t } = useTranslation("discussions");
  const view = useDiscussionThread(courseId, threadId);
  const flag = useThreadFlag(courseId, threadId);
  const subscription = useThreadSubscription(courseId, threadId);
  const [answering, setAnswering] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = view.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
      {t("thread.back")}
    </Button>
  );
  if (view.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label={t("thread.loading")}>
        {back}
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (view.isError) {
    return (
      <div className="grid gap-3">
        {back}
        <ErrorState
          title={t("thread.loadFailed")}
          description={messageOf(view.error, t("thread.loadFailed"))}
          onRetry={() => void view.refetch()}
        />
      </div>
    );
  }

  const { thread, replies, hiddenReplies } = view.data;
  const failed = (failure: unknown) => toast.error(messageOf(failure, t("post.actionFailed")));
  const topLevel = replies.filter((reply) => reply.parentId === null);
  const answersTo = (id: string) => replies.filter((reply) => reply.parentId === id);
  const card = (reply: DiscussionReply, nested: boolean) => (
    <PostCard
      key={reply._id}
      courseId={courseId}
      threadId={threadId}
      post={{ ...reply, postId: reply._id }}
      canAccept={thread.canAccept}
      onReply={!nested && !thread.locked ? () => setAnswering(reply._id) : undefined}
    >
      {!nested && (answersTo(reply._id).length > 0 || answering === reply._id) && (
        <div className="ms-3 grid gap-2 border-s-2 ps-3 sm:ms-6">
          {answersTo(reply._id).map((answer) => card(answer, true))}
          {answering === reply._id && (
            <ReplyBox
              courseId={courseId}
              threadId={threadId}
              parentId={reply._id}
              label={t("reply.toReply", { author: reply.author?.name ?? t("thread.formerUser") })}
              onDone={() => setAnswering(null)}
            />
          )}
        </div>
      )}
    </PostCard>
  );

  return (
    <section aria-labelledby="thread-heading" className="grid gap-4">
      {back}
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <PinnedLockedBadges thread={thread} />
          {thread.type === "question" && (
            <Badge variant={thread.answered ? "success" : "outline"}>
              {thread.answered ? t("thread.answered") : t("thread.question")}
            </Badge>
          )}
        </div>
        <h2 id="thread-heading" ref={heading} tabIndex={-1} className="break-words font-semibold text-xl outline-none">
          {thread.title}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={subscription.isPending}
            onClick={() =>
              subscription.mutate(!thread.subscribed, {
                onSuccess: () => toast.success(thread.subscribed ? t("thread.unsubscribed") : t("thread.subscribed")),
                onError: failed,
              })
            }
          >
            {thread.subscribed ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
            {thread.subscribed ? t("thread.unsubscribe") : t("thread.subscribe")}
          </Button>
          {thread.canModerate && (
            <>
              <Button
                variant="outline"
                size="sm"
                disabled={flag.isPending}
                onClick={() => flag.mutate({ flag: "pinned", value: !thread.pinned }, { onError: failed })}
              >
                {thread.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
                {thread.pinned ? t("thread.unpin") : t("thread.pin")}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={flag.isPending}
                onClick={() => flag.mutate({ flag: "locked", value: !thread.locked }, { onError: failed })}
              >
                {thread.locked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
                {thread.locked ? t("thread.unlock") : t("thread.lock")}
              </Button>
            </>
          )}
        </div>
      </div>
      <PostCard courseId={courseId} threadId={threadId} post={{ ...thread, postId: null }} onDeleted={onBack} />
      <h3 className="font-medium">{t("thread.replies", { count: thread.replyCount })}</h3>
      {hiddenReplies > 0 && (
        <p className="flex items-center gap-2 rounded-md border border-dashed p-3 text-muted-foreground text-sm">
          <EyeOff aria-hidden="true" className="size-4 shrink-0" />
          {t("thread.hidden", { count: hiddenReplies })}
        </p>
      )}
      {topLevel.length === 0 && hiddenReplies === 0 ? (
        <p className="text-muted-foreground text-sm">{t("thread.noReplies")}</p>
      ) : (
        <div className="grid gap-3">{topLevel.map((reply) => card(reply, false))}</div>
      )}
      {thread.locked ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Lock aria-hidden="true" className="size-4" />
          {t("thread.lockedHint")}
        </p>
      ) : (
        <ReplyBox
          courseId={courseId}
          threadId={threadId}
          label={thread.type === "question" ? t("reply.answerLabel") : t("reply.label")}
        />
      )}
    </section>
  );
}
