import { USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS, type UserImportPreview } from "@lms/contract";
import { FileSpreadsheet } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { inInterfaceLanguage } from "@/api/errors";
import { usePreviewUserImport, useStartUserImport, useUserImportJob } from "@/api/user-import";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { formatCount } from "@/lib/format";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

/**
 * Import users from CSV: choose a file, see every problem by line and column before anything is
 * written, then import all rows or none while the progress shows.
 */
export function ImportUsersDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("users");
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const check = usePreviewUserImport();
  const start = useStartUserImport();
  const job = useUserImportJob(jobId).data;
  const running = start.isPending || job?.status === "running";
  const preview = check.data;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    check.reset();
    if (chosen) check.mutate(chosen, { onError: (error) => toast.error(failureText(error, t("import.readFailed"))) });
  };
  const importAll = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (started) => setJobId(started._id),
      onError: (error) =>
        toast.error(t("import.nothingImported"), { description: failureText(error, t("import.tryAgain")) }),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !running && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("import.title")}</DialogTitle>
          <DialogDescription>{t("import.description", { columns: USER_IMPORT_COLUMNS.join(", ") })}</DialogDescription>
        </DialogHeader>
        {jobId ? (
          <ImportProgress
            total={job?.total ?? 0}
            processed={job?.processed ?? 0}
            status={job?.status}
            error={job?.error}
          />
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor="import-file">{t("import.file")}</Label>
              <input
                id="import-file"
                type="file"
                accept=".csv,text/csv"
                className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
              />
            </div>
            {check.isPending && <p role="status">{t("import.checking")}</p>}
            {preview && <PreviewSummary preview={preview} />}
          </div>
        )}
        <DialogFooter>
          {job?.status === "done" || job?.status === "failed" ? (
            <Button onClick={onClose}>{t("import.done")}</Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={running}>
                {t("actions.cancel", { ns: "common" })}
              </Button>
              <Button
                onClick={importAll}
                disabled={!preview || preview.problemCount > 0 || running || jobId !== null}
                disabledReason={
                  !preview
                    ? t("unavailable.chooseFile")
                    : preview.problemCount > 0
                      ? t("unavailable.fixRows")
                      : undefined
                }
              >
                <FileSpreadsheet aria-hidden="true" />
                {preview && preview.problemCount === 0
                  ? t("import.importUsers", { count: preview.rows, formatted: formatCount(preview.rows) })
                  : t("import.import")}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewSummary({ preview }: { preview: UserImportPreview }) {
  const { t } = useTranslation("users");
  const count = (key: "users" | "invitations" | "enrollments" | "problems" | "rows", value: number) =>
    t(`import.counts.${key}`, { count: value, formatted: formatCount(value) });
  if (preview.problemCount === 0) {
    return (
      <p role="status" className="rounded-md bg-success/10 p-3 text-sm">
        {t("import.ready", {
          users: count("users", preview.rows),
          invitations: count("invitations", preview.invites),
          enrollments: count("enrollments", preview.enrollments),
        })}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p role="alert" className="text-destructive text-sm">
        {t("import.problems", { problems: count("problems", preview.problemCount), rows: count("rows", preview.rows) })}
        {preview.problemCount > preview.problems.length &&
          ` ${t("import.firstListed", { count: USER_IMPORT_LIMITS.problemsShown })}`}
      </p>
      <div className="max-h-64 overflow-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("import.caption")}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("import.line")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("import.column")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("import.problem")}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.problems.map((problem) => (
              <tr key={`${problem.row}-${problem.field}-${problem.message}`} className="border-t">
                <td className="px-3 py-2 tabular-nums">{problem.row}</td>
                <td className="px-3 py-2">{problem.field}</td>
                <td className="px-3 py-2">{inInterfaceLanguage(problem.code, problem.message)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ImportProgress(props: { total: number; processed: number; status?: string; error?: string | null }) {
  const { t } = useTranslation("users");
  const { total, processed, status, error } = props;
  const percent = total === 0 ? 0 : (processed / total) * 100;
  return (
    <div className="grid gap-3">
      <Progress value={status === "done" ? 100 : percent} label={t("import.progress")} />
      <p role="status" className="text-sm">
        {status === "done"
          ? t("import.imported", { count: total, formatted: formatCount(total) })
          : status === "failed"
            ? error
              ? error
              : t("import.failed")
            : t("import.preparing", { processed, total })}
      </p>
    </div>
  );
}
