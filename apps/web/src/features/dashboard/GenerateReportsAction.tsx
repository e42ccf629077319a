import { FileSpreadsheet } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

const GenerateReportsDialog = lazy(() =>
  import("./GenerateReportsDialog").then((m) => ({ default: m.GenerateReportsDialog })),
);

/** The quick action "Generate Reports": opens the report dialog; focus comes back to it on close. */
export function GenerateReportsAction() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation("dashboard");
  // The dialog is unmounted on close, so it cannot hand focus back itself; do it once it is gone.
  function close() {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="flex items-center gap-3 rounded-lg border p-3 text-left font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <FileSpreadsheet aria-hidden="true" className="size-5 text-primary" />
        <span className="flex-1">{t("reports.title")}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <GenerateReportsDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
