import type { Attempt } from "@lms/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useStartAttempt } from "@/api/learner-assessments";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { AttemptForm } from "./AttemptForm";

/** Starts an attempt, or resumes the one under way (the server answers it), and shows its questions. */
export function AttemptRunner({
  assessmentId,
  onFinished,
}: {
  assessmentId: string;
  onFinished: (attempt: Attempt | null) => void;
}) {
  const start = useStartAttempt(assessmentId);
  const { mutate } = start;
  const { t } = useTranslation("take-assessment");
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  if (start.isError) {
    return <ErrorState title={t("runner.startFailed")} description={messageOf(start.error, t("tryAgain"))} />;
  }
  if (!start.data) return <PageLoader label={t("runner.starting")} />;
  return <AttemptForm key={start.data._id} attempt={start.data} onFinished={onFinished} />;
}
