import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { MailMessage } from "../../mail/mailer.js";
import type { MailQueue } from "../settings/mail-queue.js";
import type { AssessmentRow, AttemptRow } from "./repo.js";

function message(
  learner: { name: string; email: string },
  assessment: AssessmentRow,
  attempt: AttemptRow,
  resultUrl: string,
  siteName: string,
): MailMessage {
  const lines = [
    `Hello ${learner.name},`,
    "",
    `Your submission to ${assessment.title} (attempt ${attempt.number}) has been graded.`,
    `Score: ${attempt.score ?? 0} of ${attempt.max_points} points${attempt.penalty > 0 ? ` (late penalty ${attempt.penalty})` : ""}.`,
    "",
    `See your score and your grader's feedback: ${resultUrl}`,
    "",
    `The ${siteName} team`,
  ];
  return { to: learner.email, subject: `Graded: ${assessment.title}`, text: lines.join("\n") };
}

/**
 * E-mails a learner that their submission was graded by hand (a notification: held back while
 * emailNotifications is off). The mail is queued and sent by a job: a slow or failing mail server
 * never holds up or fails the grading request.
 */
export function createGradeNotifier(deps: { db: Kysely<Database>; mail: MailQueue; publicUrl: string }) {
  const { db, mail, publicUrl } = deps;
  return async (assessment: AssessmentRow, attempt: AttemptRow): Promise<void> => {
    const learner = await db
      .selectFrom("users")
      .select(["name", "email"])
      .where("id", "=", attempt.user_id)
      .executeTakeFirst();
    if (!learner) return;
    const resultUrl = `${publicUrl}/courses/${assessment.course_id}/assessments/${assessment.id}`;
    await mail.send("notification", (siteName) => message(learner, assessment, attempt, resultUrl, siteName));
  };
}
export type GradeNotifier = ReturnType<typeof createGradeNotifier>;
