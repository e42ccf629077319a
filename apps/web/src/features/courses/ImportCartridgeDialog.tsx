import { FileUp } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type CcImportResult, useImportCartridge } from "@/api/common-cartridge";
import { messageOf } from "@/api/errors";
import type { CourseArea } from "@/auth/roles";
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
import { focusHeadingAfterNavigation } from "@/lib/focusHeadingAfterNavigation";

const COUNTS = ["modules", "lessons", "files", "materials", "assessments", "questions"] as const;

/** "Import Common Cartridge" next to Create Course: a .imscc into a new draft course, then what came in. */
export function ImportCartridgeButton({ area }: { area: CourseArea }) {
  const { t } = useTranslation("courses");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileUp aria-hidden="true" />
        {t("cartridge.open")}
      </Button>
      {open && <ImportCartridgeDialog area={area} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportCartridgeDialog({ area, onClose }: { area: CourseArea; onClose: () => void }) {
  const { t } = useTranslation("courses");
  const [file, setFile] = useState<File | null>(null);
  const importCc = useImportCartridge(area);

  if (importCc.data) return <ImportResult result={importCc.data} onClose={onClose} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) importCc.mutate(file);
  };

  return (
    <FormDialog
      title={t("cartridge.title")}
      description={t("cartridge.description")}
      busy={importCc.isPending}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("cartridge.submit")}
      submitUnavailable={file ? undefined : t("cartridge.fileRequired")}
    >
      <FormField id="cc-file" label={t("cartridge.file")}>
        <input
          id="cc-file"
          type="file"
          accept=".imscc,.zip,application/zip"
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            importCc.reset();
          }}
        />
      </FormField>
      {importCc.isError && (
        <p role="alert" className="break-words text-destructive text-sm">
          {messageOf(importCc.error, t("cartridge.failed"))}
        </p>
      )}
    </FormDialog>
  );
}

function ImportResult({ result, onClose }: { result: CcImportResult; onClose: () => void }) {
  const { t } = useTranslation("courses");
  const navigate = useNavigate();
  const skipped = t("cartridge.skipped", { count: result.skipped.length });
  const openCourse = () => {
    const path = `/courses/${result.course._id}`;
    onClose();
    navigate(path);
    focusHeadingAfterNavigation(path);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("cartridge.resultTitle", { title: result.course.title })}</DialogTitle>
          <DialogDescription>{t("cartridge.resultDescription")}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby="cc-imported">
          <h3 id="cc-imported" className="font-medium text-sm">
            {t("cartridge.imported")}
          </h3>
          <ul className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-3">
            {COUNTS.map((kind) => (
              <li key={kind} data-testid={`cc-count-${kind}`}>
                {t(`cartridge.counts.${kind}`, { count: result.imported[kind] })}
              </li>
            ))}
          </ul>
        </section>
        <section className="grid gap-2">
          <h3 className="font-medium text-sm">{skipped}</h3>
          {result.skipped.length > 0 ? (
            <>
              <p className="text-muted-foreground text-sm">{t("cartridge.skippedHelp")}</p>
              <PackageItemList items={result.skipped} label={skipped} />
            </>
          ) : (
            <p className="text-muted-foreground text-sm">{t("cartridge.noneSkipped")}</p>
          )}
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("cartridge.close")}
          </Button>
          <Button onClick={openCourse}>{t("cartridge.openCourse")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
