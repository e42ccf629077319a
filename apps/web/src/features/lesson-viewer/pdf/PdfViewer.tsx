import type { LessonFile } from "@lms/contract";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { FallbackPanel } from "../FallbackPanel";
import type { ReportView } from "../useFileProgress";
import { PdfCanvas } from "./PdfCanvas";
import { PdfToolbar } from "./PdfToolbar";
import { clampPage, rotate, ZOOM_DEFAULT, zoomIn, zoomOut } from "./pdf-controls";
import { useElementWidth } from "./useElementWidth";
import { usePdfDocument } from "./usePdfDocument";

/**
 * A PDF drawn with pdf.js: page, zoom and rotation. It is keyed by file, so a new lesson or file
 * starts again at page 1, 100% and no rotation (spec §4).
 */
export function PdfViewer({ file, report }: { file: LessonFile; report: ReportView }) {
  const { t } = useTranslation("lesson-viewer");
  const pdf = usePdfDocument(file._id, file.url);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const [rotation, setRotation] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const width = useElementWidth(viewport);
  const reported = useRef(false);
  const pages = pdf.data?.numPages ?? 0;

  if (pdf.isError) {
    return (
      <FallbackPanel
        file={file}
        problem={t("fallback.pdf")}
        onOpen={() => report(file._id)}
        onRetry={() => void pdf.refetch()}
      />
    );
  }

  const onRendered = () => {
    if (reported.current) return;
    reported.current = true;
    report(file._id);
  };

  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <PdfToolbar
        page={page}
        pages={pages}
        zoom={zoom}
        onPage={(next) => setPage(clampPage(next, pages))}
        onZoomIn={() => setZoom(zoomIn)}
        onZoomOut={() => setZoom(zoomOut)}
        onRotate={() => setRotation(rotate)}
        disabled={!pdf.data}
        fileUrl={file.url}
      />
      <div ref={viewport} className="h-[70vh] overflow-auto bg-muted/60 p-2 sm:p-4">
        {pdf.data ? (
          <PdfCanvas
            document={pdf.data}
            page={page}
            zoom={zoom}
            rotation={rotation}
            fitWidth={width}
            label={
              rotation
                ? t("pdf.canvasRotated", { page, pages, name: file.name, rotation })
                : t("pdf.canvas", { page, pages, name: file.name })
            }
            onRendered={onRendered}
          />
        ) : (
          <div className="flex h-full items-center justify-center text-muted-foreground">
            <Spinner className="size-8" label={t("pdf.loading")} />
          </div>
        )}
      </div>
    </div>
  );
}
