import { USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS, type UserImportPreview } from "@lms/contract";
import { FileSpreadsheet } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
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
import { plural } from "@/lib/format";
import { failureText } from "@/lib/server-errors";

/**
 * Import users from CSV: choose a file, see every problem by line and column before anything is
 * written, then import all rows or none while the progress shows.
 */
export function ImportUsersDialog({ onClose }: { onClose: () => void }) {
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
    if (chosen)
      check.mutate(chosen, { onError: (error) => toast.error(failureText(error, "Could not read the file.")) });
  };
  const importAll = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (started) => setJobId(started._id),
      onError: (error) =>
        toast.error("Nothing was imported.", { description: failureText(error, "Please try again.") }),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !running && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import users</DialogTitle>
          <DialogDescription>
            A CSV file whose first line names the columns: {USER_IMPORT_COLUMNS.join(", ")} (name and email required;
            courses as course codes separated by ;). Users without a password get an e-mail to choose one.
          </DialogDescription>
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
              <Label htmlFor="import-file">CSV file</Label>
              <input
                id="import-file"
                type="file"
                accept=".csv,text/csv"
                className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
              />
            </div>
            {check.isPending && <p role="status">Checking the file…</p>}
            {preview && <PreviewSummary preview={preview} />}
          </div>
        )}
        <DialogFooter>
          {job?.status === "done" || job?.status === "failed" ? (
            <Button onClick={onClose}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose} disabled={running}>
                Cancel
              </Button>
              <Button onClick={importAll} disabled={!preview || preview.problemCount > 0 || running || jobId !== null}>
                <FileSpreadsheet aria-hidden="true" />
                {preview && preview.problemCount === 0 ? `Import ${plural(preview.rows, "user")}` : "Import"}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewSummary({ preview }: { preview: UserImportPreview }) {
  if (preview.problemCount === 0) {
    return (
      <p role="status" className="rounded-md bg-success/10 p-3 text-sm">
        Ready: {plural(preview.rows, "user")}, {plural(preview.invites, "invitation")},{" "}
        {plural(preview.enrollments, "enrollment")}.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p role="alert" className="text-destructive text-sm">
        {plural(preview.problemCount, "problem")} in {plural(preview.rows, "row")}. Nothing will be imported until the
        file is fixed; choose it again afterwards.
        {preview.problemCount > preview.problems.length && ` The first ${USER_IMPORT_LIMITS.problemsShown} are listed.`}
      </p>
      <div className="max-h-64 overflow-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Problems of the file</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.problems.map((problem) => (
              <tr key={`${problem.row}-${problem.field}-${problem.message}`} className="border-t">
                <td className="px-3 py-2 tabular-nums">{problem.row}</td>
                <td className="px-3 py-2">{problem.field}</td>
                <td className="px-3 py-2">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ImportProgress(props: { total: number; processed: number; status?: string; error?: string | null }) {
  const { total, processed, status, error } = props;
  const percent = total === 0 ? 0 : (processed / total) * 100;
  return (
    <div className="grid gap-3">
      <Progress value={status === "done" ? 100 : percent} label="Import progress" />
      <p role="status" className="text-sm">
        {status === "done"
          ? `Imported ${plural(total, "user")}.`
          : status === "failed"
            ? (error ?? "The import failed; nothing was imported.")
            : `Preparing ${processed} of ${total}…`}
      </p>
    </div>
  );
}
