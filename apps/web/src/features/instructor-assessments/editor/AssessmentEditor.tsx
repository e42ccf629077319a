import { type Assessment, type AssessmentCreate, QUESTION_TYPES, type QuestionType } from "@lms/contract";
import { Copy, Eye, EyeOff, Plus, Save, Send } from "lucide-react";
import { useState } from "react";
import { type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSaveAssessment } from "@/api/assessment-workspace";
import { ApiError, messageOf } from "@/api/errors";
import { FormField } from "@/components/FormField";
import { UnsavedChangesDialog } from "@/components/UnsavedChangesDialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { useUnsavedChanges } from "@/lib/use-unsaved-changes";
import { CopyQuestionsDialog } from "./CopyQuestionsDialog";
import {
  type EditorImages,
  type EditorOutput,
  type EditorValues,
  editorQuestion,
  editorSchema,
  editorValues,
  emptyQuestion,
  totalOf,
} from "./editor-form";
import { errorAt } from "./form-errors";
import { PreviewDialog } from "./PreviewDialog";
import { moveButtonId, QuestionCard, questionHeadingId } from "./QuestionCard";
import { SettingsFields } from "./SettingsFields";

const resolver = localizedResolver<EditorValues, EditorOutput>(editorSchema);

interface AssessmentEditorProps {
  initial: EditorValues;
  /** Set when editing a stored assessment. */
  assessmentId?: string;
  /** For a new assessment: the courses it may go into (a picker); when editing: the course it is in. */
  course: { options: { _id: string; title: string }[] } | { title: string };
  onSaved: (assessment: Assessment, created: boolean) => void;
  /** The stored questions' images, by question id. */
  images?: EditorImages;
}

const NO_IMAGES: EditorImages = new Map();
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** Settings and questions of an assessment, a learner's preview, and save as draft or publish. */
export function AssessmentEditor({
  initial,
  assessmentId,
  course,
  onSaved,
  images = NO_IMAGES,
}: AssessmentEditorProps) {
  const form = useForm<EditorValues, unknown, EditorOutput>({ resolver, defaultValues: initial });
  const questions = useFieldArray({ control: form.control, name: "questions" });
  const [addType, setAddType] = useState<QuestionType>("single_choice");
  const [dialog, setDialog] = useState<"preview" | "copy" | null>(null);
  const save = useSaveAssessment();
  const { t } = useTranslation("instructor-assessments");
  const busy = save.isPending;
  const watched = form.watch("questions");
  const total = totalOf(watched);
  // What is stored (the form's values since the last save), not what the next save will send.
  const published = form.formState.defaultValues?.published ?? false;
  const [publishing, setPublishing] = useState(false);
  const courseError = errorAt(form.formState.errors, "courseId");
  const { blocker, saved } = useUnsavedChanges(form.formState.isDirty);

  const move = (from: number, to: number) => {
    questions.move(from, to);
    const direction = to < from ? "up" : "down";
    const edge = direction === "up" ? to === 0 : to === questions.fields.length - 1;
    focusLater(edge ? questionHeadingId(to) : moveButtonId(to, direction));
  };
  const remove = (index: number) => {
    questions.remove(index);
    const left = questions.fields.length - 1;
    focusLater(left === 0 ? "add-question-type" : questionHeadingId(Math.min(index, left - 1)));
  };
  const add = () => {
    questions.append(emptyQuestion(addType), { shouldFocus: false });
    focusLater(questionHeadingId(questions.fields.length));
  };

  const submit = (publish: boolean) => {
    form.setValue("published", publish);
    setPublishing(publish);
    void form.handleSubmit(
      (input: AssessmentCreate) => {
        const courseId = form.getValues("courseId");
        if (!courseId) {
          form.setError("courseId", { message: t("editor.chooseCourse") }, { shouldFocus: true });
          return;
        }
        save.mutate(assessmentId ? { courseId, assessmentId, input } : { courseId, input }, {
          onSuccess: (assessment) => {
            form.reset(editorValues(courseId, assessment));
            saved();
            onSaved(assessment, !assessmentId);
          },
          onError: (error) => {
            if (error instanceof ApiError) {
              for (const item of error.errors) {
                form.setError(item.path as FieldPath<EditorValues>, { message: item.msg });
              }
            }
            toast.error(t("toast.error"), { description: messageOf(error, t("editor.saveFailed")) });
          },
        });
      },
      () => toast.error(t("toast.error"), { description: t("editor.fixErrors") }),
    )();
  };

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="grid gap-6">
      {"options" in course ? (
        <FormField id="assessment-course" label={t("editor.course")} error={courseError}>
          <NativeSelect
            id="assessment-course"
            disabled={busy}
            aria-invalid={Boolean(courseError)}
            {...form.register("courseId")}
          >
            <option value="">{t("editor.chooseCourse")}</option>
            {course.options.map((option) => (
              <option key={option._id} value={option._id}>
                {option.title}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : (
        <p className="text-sm">
          <span className="text-muted-foreground">{t("editor.courseLabel")}</span> {course.title}
        </p>
      )}

      <SettingsFields form={form} disabled={busy} hasQuestions={watched.length > 0} />

      <section aria-labelledby="questions-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="questions-heading" className="font-semibold text-xl">
            {t("editor.questions")}
          </h2>
          <p className="text-sm" aria-live="polite" data-testid="total-points">
            {t("questions", { count: watched.length })} · {t("editor.total", { count: total })}
          </p>
        </div>
        {errorAt(form.formState.errors, "questions") && (
          <p role="alert" className="text-sm text-destructive">
            {errorAt(form.formState.errors, "questions")}
          </p>
        )}
        {errorAt(form.formState.errors, "totalPoints") && watched.length > 0 && (
          <p role="alert" className="text-sm text-destructive">
            {errorAt(form.formState.errors, "totalPoints")}
          </p>
        )}
        {questions.fields.map((field, index) => (
          <QuestionCard
            key={field.id}
            form={form}
            index={index}
            count={questions.fields.length}
            disabled={busy}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
            assessmentId={assessmentId}
            images={images}
          />
        ))}
        <div className="flex flex-wrap items-end gap-2 rounded-xl border border-dashed p-4">
          <div className="grid min-w-48 flex-1 gap-2 sm:flex-none">
            <label htmlFor="add-question-type" className="font-medium text-sm">
              {t("editor.newType")}
            </label>
            <NativeSelect
              id="add-question-type"
              value={addType}
              onChange={(event) => setAddType(event.target.value as QuestionType)}
            >
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`questionTypes.${type}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="button" variant="outline" disabled={busy} onClick={add}>
            <Plus aria-hidden="true" />
            {t("editor.addQuestion")}
          </Button>
          <Button
            type="button"
            variant="ghost"
            className="h-auto min-h-10 whitespace-normal text-left"
            disabled={busy}
            onClick={() => setDialog("copy")}
          >
            <Copy aria-hidden="true" />
            {t("editor.copyFrom")}
          </Button>
        </div>
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <div className="flex items-center gap-2 text-sm">
          <Badge variant={published ? "success" : "secondary"}>{published ? t("published") : t("draft")}</Badge>
          {form.formState.isDirty && <span className="text-muted-foreground">{t("editor.unsaved")}</span>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setDialog("preview")}>
            <Eye aria-hidden="true" />
            {t("editor.preview")}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => submit(false)}>
            {busy && !publishing ? (
              <Spinner />
            ) : published ? (
              <EyeOff aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {published ? t("editor.unpublish") : t("editor.saveDraft")}
          </Button>
          <Button type="button" disabled={busy} onClick={() => submit(true)}>
            {busy && publishing ? <Spinner /> : published ? <Save aria-hidden="true" /> : <Send aria-hidden="true" />}
            {published ? t("editor.save") : t("editor.publish")}
          </Button>
        </div>
      </div>

      {dialog === "preview" && (
        <PreviewDialog
          title={form.getValues("title")}
          questions={watched}
          images={images}
          onClose={() => setDialog(null)}
        />
      )}
      <UnsavedChangesDialog blocker={blocker} />
      {dialog === "copy" && (
        <CopyQuestionsDialog
          currentId={assessmentId}
          onClose={() => setDialog(null)}
          onCopy={(copied) => {
            questions.append(copied.map((q) => editorQuestion(q, false)));
            setDialog(null);
            toast.success(t("toast.success"), { description: t("editor.copied", { count: copied.length }) });
          }}
        />
      )}
    </form>
  );
}
