import { type Announcement, MESSAGES } from "@lms/contract";
import { useDeleteAnnouncement } from "@/api/announcements";
import type { CourseArea } from "@/auth/roles";
import { EditDeleteActions } from "../EditDeleteActions";
import { FOCUS_GROUPS } from "../focus-groups";
import { mutationToasts } from "../mutation-toasts";
import { EditAnnouncementDialog } from "./EditAnnouncementDialog";

const DELETE_FAILED = "Failed to delete the announcement. Please try again.";

interface AnnouncementActionsProps {
  area: CourseArea;
  courseId: string;
  announcement: Announcement;
}

/** A course manager's Edit and Delete buttons for one announcement. */
export function AnnouncementActions({ area, courseId, announcement }: AnnouncementActionsProps) {
  const remove = useDeleteAnnouncement(area, courseId);
  return (
    <EditDeleteActions
      noun="Announcement"
      itemTitle={announcement.title}
      focusGroup={FOCUS_GROUPS.announcements}
      className="shrink-0 items-start"
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(
          announcement._id,
          mutationToasts(done, (message) => message ?? MESSAGES.announcementDeleted, DELETE_FAILED),
        )
      }
      editDialog={(close) => (
        <EditAnnouncementDialog area={area} courseId={courseId} announcement={announcement} onClose={close} />
      )}
    />
  );
}
