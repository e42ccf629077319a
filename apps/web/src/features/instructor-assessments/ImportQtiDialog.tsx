import type { QtiImportResult, QtiItem } from "@lms/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { messageOf } from "@/api/errors";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { useImportQti } from "@/api/qti";
import { FormDialog } from "@/components/FormDialog";
import { FormField } from "@/components/FormField";
import { PackageItemList } from "@/components/PackageItemList";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";

/** Import a QTI 3.0/2.1 package or item into a new draft quiz of a course one manages; then what came in and what did not. */
export function ImportQtiDialog({ onClose }: { onClose: () => void }) {
  const courses = useManagedCourseOptions();
  const [courseId, setCourseId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const importQti = useImportQti();
  const { t } = useTranslation(["instructor-assessments", "common"]);
  const chosenCourse = courseId || courses.data?.[0]?._id || "";

  if (importQti.data) return <ImportResult result={importQti.data} onClose={onClose} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && chosenCourse) importQti.mutate({ courseId: chosenCourse, file });
  };

  return (
    <FormDialog
      title={t("qti.title")}
      description={t("qti.description")}
      busy={importQti.isPending}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("qti.importButton")}
      submitUnavailable={
        !chosenCourse ? t("unavailable.pickCourse", { ns: "common" }) : file ? undefined : t("qti.fileRequired")
      }
    >
      <FormField id="qti-course" label={t("qti.course")}>
        <NativeSelect id="qti-course" value={chosenCourse} onChange={(event) => setCourseId(event.target.value)}>
          {(courses.data ?? []).map((course) => (
            <option key={course._id} value={course._id}>
              {course.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="qti-file" label={t("qti.file")}>
        <input
          id="qti-file"
          type="file"
          accept=".zip,.xml,application/zip,text/xml,application/xml"
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            importQti.reset();
          }}
        />
      </FormField>
      {importQti.isError && (
        <p role="alert" className="break-words text-destructive text-sm">
          {messageOf(importQti.error, t("qti.failed"))}
        </p>
      )}
    </FormDialog>
  );
}

function ImportResult({ result, onClose }: { result: QtiImportResult; onClose: () => void }) {
  const { t } = useTranslation("instructor-assessments");
  const navigate = useNavigate();
  const notes = (item: QtiItem) => [item.feedbackDropped ? t("qti.feedbackDropped") : undefined];
  const imported = t("qti.imported", { count: result.imported.length });
  const skipped = t("qti.skipped", { count: result.skipped.length });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("qti.resultTitle", { title: result.assessment.title })}</DialogTitle>
          <DialogDescription>{t("qti.resultDescription")}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2">
          <h3 className="font-medium text-sm">{imported}</h3>
          <PackageItemList items={result.imported} label={imported} notes={notes} />
        </section>
        <section className="grid gap-2">
          <h3 className="font-medium text-sm">{skipped}</h3>
          {result.skipped.length > 0 ? (
            <>
              <p className="text-muted-foreground text-sm">{t("qti.skippedHelp")}</p>
              <PackageItemList items={result.skipped} label={skipped} notes={notes} />
            </>
          ) : (
            <p className="text-muted-foreground text-sm">{t("qti.noneSkipped")}</p>
          )}
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("qti.close")}
          </Button>
          <Button onClick={() => navigate(`/instructor/assessments/${result.assessment._id}/edit`)}>
            {t("qti.open")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
