import { zodResolver } from "@hookform/resolvers/zod";
import { type Announcement, announcementCreateSchema, MESSAGES } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { useUpdateAnnouncement } from "@/api/announcements";
import { messageOf } from "@/api/errors";
import type { CourseArea } from "@/auth/roles";
import { errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { COURSE_UI } from "@/lib/course-messages";

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
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? MESSAGES.announcementUpdated);
          onClose();
        },
        onError: (error) => toast.error(COURSE_UI.errorTitle, { description: messageOf(error, UPDATE_FAILED) }),
      },
    ),
  );

  const field = (name: keyof AnnouncementValues) => ({
    id: `${id}-${name}`,
    disabled: busy,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? errorId(`${id}-${name}`) : undefined,
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Announcement</DialogTitle>
          <DialogDescription>Everyone in the course sees the change on the Overview tab.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
            <Input {...field("title")} {...form.register("title")} />
          </FormField>
          <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
            <Textarea rows={3} {...field("description")} {...form.register("description")} />
          </FormField>
          <FormField id={`${id}-content`} label="Content" error={errors.content?.message}>
            <Textarea rows={5} {...field("content")} {...form.register("content")} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
