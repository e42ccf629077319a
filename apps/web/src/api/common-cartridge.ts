import type { CcImportResponse } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { downloadFile } from "./download";
import { useInvalidateCourses } from "./managed-courses";
import { uploadWithProgress } from "./upload";

export type CcImportResult = CcImportResponse["data"];

/** A Common Cartridge (.imscc) into a new draft course; the answer says what came in and what was skipped. */
export function useImportCartridge(area: CourseArea) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return (await uploadWithProgress<CcImportResult>(`${area}/courses/import/cc`, form, () => {})).data;
    },
    onSuccess: invalidate,
  });
}

/** Downloads the course as a Common Cartridge 1.3 package (.imscc). */
export const exportCartridge = (area: CourseArea, courseId: string) =>
  downloadFile(`${area}/courses/${courseId}/export/cc`, null);
