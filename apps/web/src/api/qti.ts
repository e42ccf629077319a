import type { QtiImportResult } from "@lms/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { downloadFile } from "./download";
import { uploadWithProgress } from "./upload";

/** A QTI package or item into a new draft quiz of the course; the answer lists what was imported and skipped. */
export function useImportQti() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ courseId, file }: { courseId: string; file: File }) => {
      const form = new FormData();
      form.append("file", file);
      const path = `/instructor/courses/${courseId}/assessments/qti`;
      return (await uploadWithProgress<QtiImportResult>(path, form, () => {})).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["assessments"] }),
  });
}

/** Downloads the assessment as a QTI 3.0 package (zip). */
export const exportQti = (courseId: string, assessmentId: string) =>
  downloadFile(`/instructor/courses/${courseId}/assessments/${assessmentId}/qti`, null);
