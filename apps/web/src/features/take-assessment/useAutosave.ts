import type { AnswerValue, Attempt } from "@lms/contract";
import i18next from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, messageOf } from "@/api/errors";
import { type AnswerMap, saveAnswers } from "@/api/learner-assessments";
import { toast } from "@/lib/toast";

export type SaveStatus = "idle" | "saving" | "saved" | "error";
const DELAY_MS = 800;

/**
 * Keeps the attempt's answers on the server: changes are collected and sent together once typing
 * pauses, and whatever is pending is sent on leaving the screen, so answers survive a reload.
 */
export function useAutosave(attemptId: string, onClosed: (error: unknown) => void) {
  const pending = useRef<AnswerMap>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<Attempt | null>>(Promise.resolve(null));
  const [status, setStatus] = useState<SaveStatus>("idle");
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    await inFlight.current;
    const batch = pending.current;
    if (Object.keys(batch).length === 0) return;
    pending.current = {};
    setStatus("saving");
    const request = saveAnswers(attemptId, batch).then(
      (attempt) => {
        setStatus(Object.keys(pending.current).length === 0 ? "saved" : "saving");
        return attempt;
      },
      (error: unknown) => {
        setStatus("error");
        toast.error(messageOf(error, i18next.t("take-assessment:form.saveFailed")));
        if (error instanceof ApiError && error.status === 409) onClosedRef.current(error);
        else pending.current = { ...batch, ...pending.current };
        return null;
      },
    );
    inFlight.current = request;
    await request;
  }, [attemptId]);

  const change = useCallback(
    (questionId: string, value: AnswerValue | null) => {
      pending.current = { ...pending.current, [questionId]: value };
      setStatus("saving");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DELAY_MS);
    },
    [flush],
  );

  useEffect(() => () => void flush(), [flush]);

  return { status, change, flush };
}
