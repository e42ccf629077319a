import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type PlannedSlot, useSessionConflicts } from "@/api/sessions";
import { Spinner } from "@/components/ui/spinner";
import { formatSlot } from "@/lib/datetime";
import { useDebouncedValue } from "@/lib/useDebouncedValue";

/** Typing a time asks the api once the teacher pauses, not on every keystroke. */
const ASK_AFTER_MS = 400;

interface SlotConflictsProps {
  courseId: string;
  /** null while the date or time is incomplete. */
  slot: PlannedSlot | null;
}

/**
 * What the planned slot clashes with, checked by the api: the teacher's own sessions in every
 * course they teach, and how many of the course's learners have another session then (issue 21).
 */
export function SlotConflicts({ courseId, slot }: SlotConflictsProps) {
  const asked = useDebouncedValue(slot, ASK_AFTER_MS);
  const conflicts = useSessionConflicts(courseId, asked);
  const { t } = useTranslation("sessions");
  if (!slot) return null;
  if (conflicts.isError) {
    return (
      <p className="text-muted-foreground text-sm" role="status">
        {t("conflicts.failed")}{" "}
        <button type="button" className="underline underline-offset-4" onClick={() => conflicts.refetch()}>
          {t("tryAgain")}
        </button>
      </p>
    );
  }
  if (!conflicts.data) return conflicts.isFetching ? <Spinner label={t("conflicts.checking")} /> : null;
  const { teacherSessions, learnersBusy } = conflicts.data;
  const clear = teacherSessions.length === 0 && learnersBusy === 0;
  return (
    <div role="status" aria-live="polite" className="text-sm" data-testid="slot-conflicts">
      {!clear && (
        <div className="grid gap-1 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-amber-900 dark:text-amber-200">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {t("conflicts.heading")}
          </p>
          {teacherSessions.length > 0 && (
            <ul className="grid gap-0.5 pl-6">
              {teacherSessions.map((session) => (
                <li key={session._id} className="break-words">
                  {t("conflicts.teacherSession", {
                    title: session.title,
                    course: session.courseTitle,
                    slot: formatSlot(session.scheduledAt),
                  })}
                </li>
              ))}
            </ul>
          )}
          {learnersBusy > 0 && <p className="pl-6">{t("conflicts.learnersBusy", { count: learnersBusy })}</p>}
        </div>
      )}
    </div>
  );
}
