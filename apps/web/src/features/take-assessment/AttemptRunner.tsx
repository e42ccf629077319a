import type { Attempt } from "@lms/contract";
import { useEffect, useRef } from "react";
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
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  if (start.isError) {
    return (
      <ErrorState title="The attempt could not be started" description={messageOf(start.error, "Please try again.")} />
    );
  }
  if (!start.data) return <PageLoader label="Starting the attempt" />;
  return <AttemptForm key={start.data._id} attempt={start.data} onFinished={onFinished} />;
}
