import { type Announcement, MESSAGES } from "@lms/contract";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useDeleteAnnouncement } from "@/api/announcements";
import type { CourseArea } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteButton } from "../ConfirmDeleteButton";
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
  const [editing, setEditing] = useState(false);
  const remove = useDeleteAnnouncement(area, courseId);

  const confirmDelete = (done: () => void) =>
    remove.mutate(
      announcement._id,
      mutationToasts(done, (message) => message ?? MESSAGES.announcementDeleted, DELETE_FAILED),
    );

  return (
    <div className="flex shrink-0 items-start gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Edit announcement ${announcement.title}`}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Edit</span>
      </Button>
      <ConfirmDeleteButton
        noun="Announcement"
        itemTitle={announcement.title}
        focusGroup={FOCUS_GROUPS.announcements}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      {editing && (
        <EditAnnouncementDialog
          area={area}
          courseId={courseId}
          announcement={announcement}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
