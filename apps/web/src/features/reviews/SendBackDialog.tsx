import { REVIEW_COMMENT_MAX, type ReviewQueueItem, type SendBack, sendBackSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useDecideReview } from "@/api/course-review";
import { messageOf } from "@/api/errors";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { Textarea } from "@/components/ui/textarea";
import { COURSE_UI } from "@/lib/course-messages";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";

/** Sends a submitted course back to its instructor with a required comment (1 to 1000 characters). */
export function SendBackDialog({ course, onClose }: { course: ReviewQueueItem; onClose: () => void }) {
  const { t } = useTranslation("reviews");
  const id = useId();
  const decide = useDecideReview();
  const form = useForm<SendBack>({ resolver: localizedResolver(sendBackSchema), defaultValues: { comment: "" } });
  const { errors } = form.formState;
  const busy = decide.isPending;
  const length = form.watch("comment").length;

  const submit = form.handleSubmit(({ comment }) =>
    decide.mutate(
      { courseId: course._id, decision: { decision: "send_back", comment } },
      {
        onSuccess: (message) => {
          toast.success(message ?? COURSE_UI.successTitle);
          onClose();
        },
        onError: (error) => toast.error(COURSE_UI.errorTitle, { description: messageOf(error, t("sendBack.failed")) }),
      },
    ),
  );

  return (
    <FormDialog
      title={t("sendBack.title")}
      description={t("sendBack.description", { title: course.title })}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("row.sendBack")}
    >
      <FormField id={`${id}-comment`} label={t("sendBack.comment")} error={errors.comment?.message}>
        <Textarea
          rows={5}
          maxLength={REVIEW_COMMENT_MAX}
          {...controlProps(`${id}-comment`, errors.comment, busy)}
          {...form.register("comment")}
        />
      </FormField>
      <p className="-mt-2 text-right text-xs text-muted-foreground" aria-live="polite">
        {length} / {REVIEW_COMMENT_MAX}
      </p>
    </FormDialog>
  );
}
