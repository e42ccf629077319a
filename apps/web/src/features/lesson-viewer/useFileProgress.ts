import { useRecordProgress } from "@/api/progress";

export interface ViewReport {
  position?: number;
  duration?: number;
  completed?: boolean;
}

/** Reports views of a lesson's files for an enrolled learner; does nothing for anyone else. */
export function useFileProgress(courseId: string, lessonId: string, enabled: boolean) {
  const record = useRecordProgress(courseId);
  return (fileId: string, report: ViewReport = {}) => {
    if (!enabled) return;
    const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? Math.max(0, n) : 0);
    record.mutate({
      lessonId,
      update: {
        fileId,
        position: finite(report.position),
        duration: finite(report.duration),
        ...(report.completed ? { completed: true } : {}),
      },
    });
  };
}

export type ReportView = ReturnType<typeof useFileProgress>;
