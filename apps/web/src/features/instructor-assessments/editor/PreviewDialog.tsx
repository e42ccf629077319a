import type { AnswerValue } from "@lms/contract";
import { ClipboardList } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QuestionField } from "@/components/assessment/QuestionField";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { RichText } from "@/components/assessment/RichText";
import { EmptyState } from "@/components/EmptyState";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type EditorImages, type EditorQuestion, previewQuestions } from "./editor-form";

interface PreviewDialogProps {
  title: string;
  questions: EditorQuestion[];
  images: EditorImages;
  onClose: () => void;
}

/** The questions as a learner answers them, with the taking screen's own fields; nothing is saved. */
export function PreviewDialog({ title, questions, images, onClose }: PreviewDialogProps) {
  const [answers, setAnswers] = useState<Record<string, AnswerValue | null>>({});
  const preview = previewQuestions(questions, images);
  const { t } = useTranslation("instructor-assessments");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("preview.title", { title: title.trim() || t("preview.untitled") })}</DialogTitle>
          <DialogDescription>{t("preview.description")}</DialogDescription>
        </DialogHeader>
        {preview.length === 0 ? (
          <EmptyState icon={ClipboardList} title={t("preview.empty")} description={t("preview.emptyHint")} />
        ) : (
          <ol aria-label={t("preview.label")} className="grid gap-4">
            {preview.map((question, index) => (
              <li key={question._id} className="grid gap-3 rounded-xl border bg-card p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold">
                    {t("preview.questionOf", { number: index + 1, total: preview.length })}
                  </h3>
                  <span className="text-sm text-muted-foreground">{t("points", { count: question.points })}</span>
                </div>
                <RichText html={question.text} />
                <QuestionImage image={question.image} />
                <QuestionField
                  question={question}
                  value={answers[question._id] ?? null}
                  onChange={(value) => setAnswers((current) => ({ ...current, [question._id]: value }))}
                />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
