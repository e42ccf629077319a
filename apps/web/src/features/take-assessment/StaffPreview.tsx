import type { LearnerAssessment, Question } from "@lms/contract";
import { ClipboardCheck, Eye, Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { RichText } from "@/components/assessment/RichText";
import { Button } from "@/components/ui/button";

/** Where staff edit an assessment and grade its submissions. */
export const staffLinks = (assessment: Pick<LearnerAssessment, "_id" | "courseId">) => ({
  edit: `/instructor/assessments/${assessment._id}/edit`,
  grade: `/instructor/courses/${assessment.courseId}/assessments/${assessment._id}/grade`,
});

/**
 * What the course's managers (and admins) see on a learner's assessment link: the questions with
 * their options and points, read-only (no attempt is started), and links to edit and to grade.
 */
export function StaffPreview({ assessment, questions }: { assessment: LearnerAssessment; questions: Question[] }) {
  const { t } = useTranslation("take-assessment");
  const links = staffLinks(assessment);
  return (
    <section aria-labelledby="preview-heading" className="grid gap-4">
      <div className="grid gap-3 rounded-xl border border-dashed bg-muted/40 p-4">
        <h2 id="preview-heading" className="flex items-center gap-2 font-semibold">
          <Eye aria-hidden="true" className="size-5 text-primary" />
          {t("preview.title")}
        </h2>
        <p className="text-muted-foreground text-sm">{t("preview.hint")}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={links.edit}>
              <Pencil aria-hidden="true" />
              {t("preview.edit")}
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={links.grade}>
              <ClipboardCheck aria-hidden="true" />
              {t("preview.grade")}
            </Link>
          </Button>
        </div>
      </div>
      {questions.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("preview.noQuestions")}</p>
      ) : (
        <ol aria-label={t("preview.questions")} className="grid gap-3">
          {questions.map((question, index) => (
            <li key={question._id} className="grid gap-2 rounded-xl border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium">{t("result.question", { number: index + 1 })}</h3>
                <span className="text-muted-foreground text-sm">{t("points", { count: question.points })}</span>
              </div>
              <RichText html={question.text} />
              <QuestionImage image={question.image} />
              {question.options && (
                <ul className="grid list-disc gap-1 pl-5 text-sm">
                  {question.options.map((option) => (
                    <li key={option._id} className="break-words">
                      {option.text}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
