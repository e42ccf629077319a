import type { Announcement } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { useDeleteAnnouncement } from "@/api/announcements";
import type { CourseArea } from "@/auth/roles";
import { EditDeleteActions } from "../EditDeleteActions";
import { FOCUS_GROUPS } from "../focus-groups";
import { mutationToasts } from "../mutation-toasts";
import { EditAnnouncementDialog } from "./EditAnnouncementDialog";

interface AnnouncementActionsProps {
  area: CourseArea;
  courseId: string;
  announcement: Announcement;
}

/** A course manager's Edit and Delete buttons for one announcement. */
export function AnnouncementActions({ area, courseId, announcement }: AnnouncementActionsProps) {
  const { t } = useTranslation("course-detail");
  const remove = useDeleteAnnouncement(area, courseId);
  return (
    <EditDeleteActions
      noun="announcement"
      itemTitle={announcement.title}
      focusGroup={FOCUS_GROUPS.announcements}
      className="shrink-0 items-start"
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(
          announcement._id,
          mutationToasts(
            done,
            (message) => message ?? t("MESSAGES.announcementDeleted", { ns: "messages" }),
            t("announcements.deleteFailed"),
          ),
        )
      }
      editDialog={(close) => (
        <EditAnnouncementDialog area={area} courseId={courseId} announcement={announcement} onClose={close} />
      )}
    />
  );
}
