import type { Announcement, AnnouncementUpdate } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
import { useInvalidateCourses } from "./managed-courses";

const announcementPath = (area: CourseArea, courseId: string, announcementId: string) =>
  `${area}/courses/${courseId}/announcements/${announcementId}`;

/** PUT .../announcements/{announcementId} (spec §7) through the manager's area. */
export function useUpdateAnnouncement(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async ({ announcementId, input }: { announcementId: string; input: AnnouncementUpdate }) => {
      const response = await api.put<{ announcement: Announcement }>(
        announcementPath(area, courseId, announcementId),
        input,
      );
      return { announcement: response.data.announcement, message: response.message };
    },
    onSuccess: invalidate,
  });
}

/** DELETE .../announcements/{announcementId} (spec §7). */
export function useDeleteAnnouncement(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (announcementId: string) =>
      (await api.delete(announcementPath(area, courseId, announcementId))).message,
    onSuccess: invalidate,
  });
}
