import type { Lesson } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { courseContentApi } from "@/api/content";
import { useInvalidateCourses } from "@/api/managed-courses";
import type { CourseArea } from "@/auth/roles";

interface UploadInput {
  moduleId: string;
  /** Upload into this lesson, or create one with `title` first. */
  lesson?: Lesson;
  title: string;
  files: File[];
  /** The (one) file is a SCORM package, unpacked by the server, rather than a plain file. */
  scorm?: boolean;
}

/** Spec §4 "Lesson creation with files": create the lesson, upload each file one by one, then reload. */
export function useLessonUpload(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  const [uploaded, setUploaded] = useState(0);
  const mutation = useMutation({
    mutationFn: async ({ moduleId, lesson, title, files, scorm = false }: UploadInput) => {
      const content = courseContentApi(area, courseId);
      setUploaded(0);
      const target = lesson ?? (await content.createLesson(moduleId, { title }));
      for (const [index, file] of files.entries()) {
        if (scorm) await content.uploadScorm(moduleId, target._id, file);
        else await content.uploadFile(moduleId, target._id, file);
        setUploaded(index + 1);
      }
      return target;
    },
    // Whatever was created before a failure is real: reload in both cases.
    onSettled: invalidate,
  });
  return { ...mutation, uploaded };
}
