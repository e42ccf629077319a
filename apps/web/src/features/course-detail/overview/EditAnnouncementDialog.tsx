import { zodResolver } from "@hookform/resolvers/zod";
import { type Announcement, announcementCreateSchema, MESSAGES } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useUpdateAnnouncement } from "@/api/announcements";
import type { CourseArea } from "@/auth/roles";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { Textarea } from "@/components/ui/textarea";
import { mutationToasts } from "../mutation-toasts";

type AnnouncementValues = z.input<typeof announcementCreateSchema>;

const UPDATE_FAILED = "Failed to update the announcement. Please try again.";

interface EditAnnouncementDialogProps {
  area: CourseArea;
  courseId: string;
  announcement: Announcement;
  onClose: () => void;
}

export function EditAnnouncementDialog({ area, courseId, announcement, onClose }: EditAnnouncementDialogProps) {
  const id = useId();
  const update = useUpdateAnnouncement(area, courseId);
  const form = useForm<AnnouncementValues, unknown, z.output<typeof announcementCreateSchema>>({
    resolver: zodResolver(announcementCreateSchema),
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
      mutationToasts(onClose, ({ message }) => message ?? MESSAGES.announcementUpdated, UPDATE_FAILED),
    ),
  );

  const field = (name: keyof AnnouncementValues) => controlProps(`${id}-${name}`, errors[name], busy);

  return (
    <FormDialog
      title="Edit Announcement"
      description="Everyone in the course sees the change on the Overview tab."
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      <FormField id={`${id}-content`} label="Content" error={errors.content?.message}>
        <Textarea rows={5} {...field("content")} {...form.register("content")} />
      </FormField>
    </FormDialog>
  );
}
