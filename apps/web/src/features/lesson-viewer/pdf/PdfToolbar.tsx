import { ChevronLeft, ChevronRight, ExternalLink, RotateCw, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { formatPercent } from "@/lib/format";
import { ZOOM_MAX, ZOOM_MIN } from "./pdf-controls";

interface PdfToolbarProps {
  page: number;
  pages: number;
  zoom: number;
  disabled: boolean;
  fileUrl: string;
  onPage: (page: number) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onRotate: () => void;
}

export function PdfToolbar({
  page,
  pages,
  zoom,
  disabled,
  fileUrl,
  onPage,
  onZoomIn,
  onZoomOut,
  onRotate,
}: PdfToolbarProps) {
  const { t } = useTranslation("lesson-viewer");
  return (
    <div role="toolbar" aria-label={t("pdf.controls")} className="flex flex-wrap items-center gap-1 border-b p-2">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("pdf.previousPage")}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
        {t("pdf.pageOf", { page, pages: pages || "–" })}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("pdf.nextPage")}
        disabled={disabled || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
      <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("pdf.zoomOut")}
        disabled={disabled || zoom <= ZOOM_MIN}
        onClick={onZoomOut}
      >
        <ZoomOut aria-hidden="true" />
      </Button>
      <output aria-label={t("pdf.zoomLevel")} className="min-w-12 text-center text-sm tabular-nums">
        {formatPercent(zoom)}
      </output>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("pdf.zoomIn")}
        disabled={disabled || zoom >= ZOOM_MAX}
        onClick={onZoomIn}
      >
        <ZoomIn aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={t("pdf.rotate")} disabled={disabled} onClick={onRotate}>
        <RotateCw aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" asChild className="ml-auto">
        <a href={fileUrl} target="_blank" rel="noreferrer noopener">
          <ExternalLink aria-hidden="true" />
          {t("open")}
        </a>
      </Button>
    </div>
  );
}
