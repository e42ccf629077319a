import { DISCUSSION_LIMITS, type DiscussionThreadType } from "@lms/contract";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateThread } from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { FormActions } from "@/components/FormActions";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";

/** Starts a thread: a discussion or a Q&A question, with a title and a rich-text body. */
export function NewThreadDialog({ courseId, onCreated }: { courseId: string; onCreated: (threadId: string) => void }) {
  const { t } = useTranslation("discussions");
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<DiscussionThreadType>("discussion");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateThread(courseId);
  const ids = { title: useId(), body: useId(), error: useId() };

  const submit = () => {
    setError(null);
    create.mutate(
      { type, title, body },
      {
        onSuccess: (data) => {
          setOpen(false);
          setTitle("");
          setBody("");
          toast.success(t("new.created"));
          onCreated(data.thread._id);
        },
        onError: (failure) => setError(messageOf(failure, t("new.failed"))),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t("new.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("new.title")}</DialogTitle>
          <DialogDescription>{t("new.description")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-medium text-sm">{t("new.type")}</legend>
            {(["discussion", "question"] as const).map((value) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="thread-type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                  className="mt-1 accent-primary"
                />
                <span>
                  <span className="font-medium">{t(`new.types.${value}`)}</span>
                  <span className="block text-muted-foreground">{t(`new.typeHints.${value}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={ids.title}>{t("new.titleLabel")}</Label>
            <Input
              id={ids.title}
              value={title}
              maxLength={DISCUSSION_LIMITS.titleMax}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <span id={ids.body} className="font-medium text-sm">
              {t("new.bodyLabel")}
            </span>
            <RichTextEditor labelledBy={ids.body} value={body} onChange={setBody} />
          </div>
          {error && (
            <p id={ids.error} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <FormActions busy={create.isPending} onCancel={() => setOpen(false)} submitLabel={t("new.submit")} />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
