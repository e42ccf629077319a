import type { Question } from "@lms/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWorkspaceAssessment, useWorkspaceAssessments } from "@/api/assessment-workspace";
import { messageOf } from "@/api/errors";
import { plainText } from "@/components/assessment/plain-text";
import { FormDialog } from "@/components/FormDialog";
import { FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/lib/useDebouncedValue";

/** As many assessments as the picker lists at once (the api's page size limit); searching narrows them. */
const SOURCE_LIMIT = 100;

interface CopyQuestionsDialogProps {
  /** The assessment being edited, not offered as a source. */
  currentId?: string;
  onCopy: (questions: Question[]) => void;
  onClose: () => void;
}

/** Picks questions of another assessment one manages (read through the api, so the server checks access). */
export function CopyQuestionsDialog({ currentId, onCopy, onClose }: CopyQuestionsDialogProps) {
  const { t } = useTranslation("instructor-assessments");
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim(), 300);
  const [sourceId, setSourceId] = useState("");
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const sources = useWorkspaceAssessments({ page: 1, limit: SOURCE_LIMIT, search: settled || undefined });
  const source = useWorkspaceAssessment(sourceId || null);
  const options = (sources.data?.assessments ?? []).filter((a) => a._id !== currentId);
  const questions = source.data?.questions ?? [];

  const choose = (id: string) => {
    setSourceId(id);
    setPicked(new Set());
  };
  const toggle = (id: string, checked: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCopy(questions.filter((q) => picked.has(q._id)));
  };

  return (
    <FormDialog
      title={t("copy.title")}
      description={t("copy.description")}
      busy={false}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("copy.submit", { count: picked.size })}
      submitUnavailable={picked.size === 0 ? t("unavailable.pickQuestions", { ns: "common" }) : undefined}
    >
      <FormField id="copy-search" label={t("copy.search")}>
        <Input id="copy-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </FormField>
      <FormField id="copy-source" label={t("copy.source")}>
        <NativeSelect id="copy-source" value={sourceId} onChange={(event) => choose(event.target.value)}>
          <option value="">{sources.isPending ? t("copy.loading") : t("copy.choose")}</option>
          {options.map((a) => (
            <option key={a._id} value={a._id}>
              {a.title} · {a.courseTitle}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {sourceId && source.isPending && <Spinner label={t("copy.loadingQuestions")} />}
      {source.isError && (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(source.error, t("copy.loadFailed"))}
        </p>
      )}
      {source.data && questions.length === 0 && <p className="text-sm text-muted-foreground">{t("copy.none")}</p>}
      {questions.length > 0 && (
        <fieldset className="grid max-h-72 gap-2 overflow-y-auto">
          <legend className="mb-1 font-medium text-sm">{t("copy.pick")}</legend>
          {questions.map((q, index) => (
            <label key={q._id} className="flex items-start gap-3 rounded-md border p-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={picked.has(q._id)}
                onChange={(event) => toggle(q._id, event.target.checked)}
              />
              <span className="grid gap-0.5">
                <span className="break-words">
                  {index + 1}. {plainText(q.text)}
                </span>
                <span className="text-muted-foreground">
                  {t(`questionTypes.${q.type}`)} · {t("points", { count: q.points })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </FormDialog>
  );
}
