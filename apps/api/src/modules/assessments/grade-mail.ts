import type { Kysely } from "kysely";
import type { BackgroundTasks } from "../../background/tasks.js";
import type { Database } from "../../db/types.js";
import type { Mailer, MailMessage } from "../../mail/mailer.js";
import { getSystemSettings } from "../settings/repo.js";
import type { AssessmentRow, AttemptRow } from "./repo.js";

function message(
  learner: { name: string; email: string },
  assessment: AssessmentRow,
  attempt: AttemptRow,
  resultUrl: string,
): MailMessage {
  const lines = [
    `Hello ${learner.name},`,
    "",
    `Your submission to ${assessment.title} (attempt ${attempt.number}) has been graded.`,
    `Score: ${attempt.score ?? 0} of ${attempt.max_points} points${attempt.penalty > 0 ? ` (late penalty ${attempt.penalty})` : ""}.`,
    "",
    `See your score and your grader's feedback: ${resultUrl}`,
  ];
  return { to: learner.email, subject: `Graded: ${assessment.title}`, text: lines.join("\n") };
}

/**
 * E-mails a learner that their submission was graded by hand, unless the emailNotifications
 * setting is off. The mail goes out after the answer: a slow or failing mail server never holds
 * up or fails the grading request.
 */
export function createGradeNotifier(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  tasks: BackgroundTasks;
  publicUrl: string;
}) {
  const { db, mailer, tasks, publicUrl } = deps;
  return async (assessment: AssessmentRow, attempt: AttemptRow): Promise<void> => {
    if (!(await getSystemSettings(db)).emailNotifications) return;
    tasks.run("grade mail", async () => {
      const learner = await db
        .selectFrom("users")
        .select(["name", "email"])
        .where("id", "=", attempt.user_id)
        .executeTakeFirst();
      if (!learner) return;
      const resultUrl = `${publicUrl}/courses/${assessment.course_id}/assessments/${assessment.id}`;
      await mailer.send(message(learner, assessment, attempt, resultUrl));
    });
  };
}
export type GradeNotifier = ReturnType<typeof createGradeNotifier>;
