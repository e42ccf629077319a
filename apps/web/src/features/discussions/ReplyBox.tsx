import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReply } from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** Writes a reply to the thread, or (with `parentId`) to one of its replies. */
export function ReplyBox({
  courseId,
  threadId,
  parentId,
  label,
  onDone,
}: {
  courseId: string;
  threadId: string;
  parentId?: string;
  label: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation("discussions");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reply = useReply(courseId, threadId);
  const labelId = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        reply.mutate(
          { body, parentId },
          {
            onSuccess: () => {
              setBody("");
              onDone?.();
            },
            onError: (failure) => setError(messageOf(failure, t("reply.failed"))),
          },
        );
      }}
    >
      <span id={labelId} className="font-medium text-sm">
        {label}
      </span>
      <RichTextEditor labelledBy={labelId} value={body} onChange={setBody} invalid={error !== null} />
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onDone && (
          <Button type="button" variant="ghost" onClick={onDone}>
            {t("actions.cancel")}
          </Button>
        )}
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending && <Spinner />}
          {t("reply.submit")}
        </Button>
      </div>
    </form>
  );
}
