import { CheckCircle2, Flag, Pencil, Reply, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAcceptAnswer, useDeletePost, useEditPost } from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { RichText } from "@/components/assessment/RichText";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { timeAgo } from "@/lib/time-ago";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { ReportDialog } from "./ReportDialog";

export interface Post {
  /** null for the thread's opening post. */
  postId: string | null;
  author: { _id: string; name: string; manager: boolean } | null;
  body: string;
  createdAt: string;
  editedAt: string | null;
  canEdit: boolean;
  canDelete: boolean;
  accepted?: boolean;
}

interface PostCardProps {
  courseId: string;
  threadId: string;
  post: Post;
  /** Offered on replies of a Q&A thread to the asker and managers. */
  canAccept?: boolean;
  onReply?: () => void;
  onDeleted?: () => void;
  children?: ReactNode;
}

/** One post (the thread's opening or a reply) with the actions the caller may take on it. */
export function PostCard({ courseId, threadId, post, canAccept, onReply, onDeleted, children }: PostCardProps) {
  const { t } = useTranslation("discussions");
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeletePost(courseId, threadId);
  const accept = useAcceptAnswer(courseId, threadId);
  const own = post.author?._id === user?._id;
  const failed = (fallback: string) => (failure: unknown) => toast.error(messageOf(failure, fallback));

  return (
    <article
      className={cn("grid gap-2 rounded-lg border bg-card p-4", post.accepted && "border-success ring-1 ring-success")}
      aria-label={t("post.label", { author: post.author?.name ?? t("thread.formerUser") })}
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{post.author?.name ?? t("thread.formerUser")}</span>
        {post.author?.manager && <Badge variant="secondary">{t("post.teacher")}</Badge>}
        <span className="text-muted-foreground">{timeAgo(post.createdAt)}</span>
        {post.editedAt && <span className="text-muted-foreground">· {t("post.edited")}</span>}
        {post.accepted && (
          <Badge variant="success">
            <CheckCircle2 aria-hidden="true" />
            {t("post.accepted")}
          </Badge>
        )}
      </header>
      {editing ? (
        <EditForm courseId={courseId} threadId={threadId} post={post} onDone={() => setEditing(false)} />
      ) : (
        <RichText html={post.body} className="text-sm" />
      )}
      {!editing && (
        <div className="flex flex-wrap gap-1">
          {onReply && (
            <Button variant="ghost" size="sm" onClick={onReply}>
              <Reply aria-hidden="true" />
              {t("post.reply")}
            </Button>
          )}
          {canAccept && post.postId && (
            <Button
              variant="ghost"
              size="sm"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(post.accepted ? null : post.postId, {
                  onSuccess: () => toast.success(post.accepted ? t("post.unaccepted") : t("post.acceptedToast")),
                  onError: failed(t("post.actionFailed")),
                })
              }
            >
              <CheckCircle2 aria-hidden="true" />
              {post.accepted ? t("post.unaccept") : t("post.accept")}
            </Button>
          )}
          {post.canEdit && (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t("post.edit")}
            </Button>
          )}
          {post.canDelete && (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              {t("post.delete")}
            </Button>
          )}
          {!own && (
            <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
              <Flag aria-hidden="true" />
              {t("post.report")}
            </Button>
          )}
        </div>
      )}
      {children}
      <ReportDialog
        courseId={courseId}
        threadId={threadId}
        postId={post.postId}
        open={reporting}
        onOpenChange={setReporting}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={post.postId ? t("post.deleteReplyTitle") : t("post.deleteThreadTitle")}
        description={post.postId ? t("post.deleteReplyText") : t("post.deleteThreadText")}
        confirmLabel={t("post.delete")}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.postId, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t("post.deleted"));
              onDeleted?.();
            },
            onError: failed(t("post.actionFailed")),
          })
        }
      />
    </article>
  );
}

function EditForm({
  courseId,
  threadId,
  post,
  onDone,
}: {
  courseId: string;
  threadId: string;
  post: Post;
  onDone: () => void;
}) {
  const { t } = useTranslation("discussions");
  const [body, setBody] = useState(post.body);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditPost(courseId, threadId);
  const labelId = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        edit.mutate(
          { postId: post.postId, body },
          { onSuccess: onDone, onError: (failure) => setError(messageOf(failure, t("post.actionFailed"))) },
        );
      }}
    >
      <span id={labelId} className="sr-only">
        {t("post.editLabel")}
      </span>
      <RichTextEditor labelledBy={labelId} value={body} onChange={setBody} invalid={error !== null} />
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("actions.cancel")}
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending && <Spinner />}
          {t("actions.save")}
        </Button>
      </div>
    </form>
  );
}
