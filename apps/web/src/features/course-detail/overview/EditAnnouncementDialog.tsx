import { type Announcement, announcementCreateSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useUpdateAnnouncement } from "@/api/announcements";
import type { CourseArea } from "@/auth/roles";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { Textarea } from "@/components/ui/textarea";
import { localizedResolver } from "@/lib/localized-resolver";
import { mutationToasts } from "../mutation-toasts";

type AnnouncementValues = z.input<typeof announcementCreateSchema>;

interface EditAnnouncementDialogProps {
  area: CourseArea;
  courseId: string;
  announcement: Announcement;
  onClose: () => void;
}

export function EditAnnouncementDialog({ area, courseId, announcement, onClose }: EditAnnouncementDialogProps) {
  const { t } = useTranslation("course-detail");
  const id = useId();
  const update = useUpdateAnnouncement(area, courseId);
  const form = useForm<AnnouncementValues, unknown, z.output<typeof announcementCreateSchema>>({
    resolver: localizedResolver(announcementCreateSchema),
    defaultValues: {
      title: announcement.title,
      description: announcement.description,
      content: announcement.content,
    },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { announcementId: announcement._id, input },
      mutationToasts(
        onClose,
        ({ message }) => message ?? t("MESSAGES.announcementUpdated", { ns: "messages" }),
        t("announcements.updateFailed"),
      ),
    ),
  );

  const field = (name: keyof AnnouncementValues) => controlProps(`${id}-${name}`, errors[name], busy);

  return (
    <FormDialog
      title={t("announcements.editTitle")}
      description={t("announcements.editDescription")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      <FormField id={`${id}-content`} label={t("fields.content")} error={errors.content?.message}>
        <Textarea rows={5} {...field("content")} {...form.register("content")} />
      </FormField>
    </FormDialog>
  );
}
