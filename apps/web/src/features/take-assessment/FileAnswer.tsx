import type { AnswerFile, Attempt } from "@lms/contract";
import { FileText, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, messageOf } from "@/api/errors";
import { useRemoveAnswerFile, useUploadAnswerFile } from "@/api/learner-assessments";
import { UploadLimitsHint } from "@/components/UploadLimitsHint";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { formatPercent, formatSize } from "@/lib/format";

interface FileAnswerProps {
  attemptId: string;
  questionId: string;
  file: AnswerFile | null;
  /** The attempt as the server answered after an upload or a removal. */
  onChange: (attempt: Attempt) => void;
  /** The attempt was closed (time up, submitted elsewhere). */
  onClosed: () => void;
}

/** The answer to a file question: choose a file (uploaded at once, with progress), replace or remove it. */
export function FileAnswer({ attemptId, questionId, file, onChange, onClosed }: FileAnswerProps) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAnswerFile(attemptId);
  const remove = useRemoveAnswerFile(attemptId);
  const busy = upload.isPending || remove.isPending;
  const { t } = useTranslation("take-assessment");

  const failed = (cause: unknown, fallback: string) => {
    setProgress(null);
    setError(messageOf(cause, fallback));
    if (cause instanceof ApiError && cause.status === 409) onClosed();
  };

  const send = (chosen: File) => {
    setError(null);
    setProgress(0);
    upload.mutate(
      { questionId, file: chosen, onProgress: setProgress },
      {
        onSuccess: (attempt) => {
          setProgress(null);
          onChange(attempt);
        },
        onError: (cause) => failed(cause, t("file.uploadFailed")),
      },
    );
  };

  const drop = () => {
    setError(null);
    remove.mutate(questionId, {
      onSuccess: onChange,
      onError: (cause) => failed(cause, t("file.removeFailed")),
    });
  };

  return (
    <div className="grid gap-3">
      {file ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border p-3" data-testid="answer-file">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <a
              href={file.url}
              target="_blank"
              rel="noreferrer"
              className="block truncate font-medium underline-offset-4 hover:underline"
            >
              {file.name}
            </a>
            <span className="text-sm text-muted-foreground">{formatSize(file.size)}</span>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={drop}
            aria-label={t("file.removeNamed", { name: file.name })}
          >
            <Trash2 aria-hidden="true" />
            {t("file.remove")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("file.none")}</p>
      )}
      <div className="grid gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={t("file.input")}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = "";
            if (chosen) send(chosen);
          }}
        />
        <Button variant="outline" className="w-full sm:w-fit" disabled={busy} onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {file ? t("file.replace") : t("file.choose")}
        </Button>
        <div id={hintId} className="grid gap-1 text-sm text-muted-foreground">
          <p>{t("file.hint")}</p>
          <UploadLimitsHint id={`${hintId}-limits`} types="allowed" />
        </div>
      </div>
      {progress !== null && (
        <div className="grid gap-1">
          <Progress value={progress * 100} label={t("file.progress")} />
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {t("file.uploading", { percent: formatPercent(Math.round(progress * 100)) })}
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
