import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PDFDocumentProxy } from "./pdfjs";

interface PdfCanvasProps {
  document: PDFDocumentProxy;
  page: number;
  /** Percent of the width that fits the viewer. */
  zoom: number;
  rotation: number;
  fitWidth: number;
  label: string;
  onRendered: () => void;
}

/** Draws one page; at 100% the page fills the viewer's width. */
export function PdfCanvas({ document, page, zoom, rotation, fitWidth, label, onRendered }: PdfCanvasProps) {
  const { t } = useTranslation("lesson-viewer");
  const canvas = useRef<HTMLCanvasElement>(null);
  const rendered = useRef(onRendered);
  rendered.current = onRendered;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element || fitWidth <= 0) return;
    let cancelled = false;
    let task: { cancel(): void } | null = null;
    document.getPage(page).then(
      (pdfPage) => {
        if (cancelled) return;
        const angle = (pdfPage.rotate + rotation) % 360;
        const natural = pdfPage.getViewport({ scale: 1, rotation: angle });
        const scale = (fitWidth / natural.width) * (zoom / 100);
        const viewport = pdfPage.getViewport({ scale, rotation: angle });
        const ratio = window.devicePixelRatio || 1;
        element.width = Math.floor(viewport.width * ratio);
        element.height = Math.floor(viewport.height * ratio);
        element.style.width = `${Math.floor(viewport.width)}px`;
        element.style.height = `${Math.floor(viewport.height)}px`;
        const render = pdfPage.render({
          canvas: element,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        task = render;
        render.promise.then(
          () => {
            setFailed(false);
            rendered.current();
          },
          (error: { name?: string }) => {
            if (error?.name !== "RenderingCancelledException") setFailed(true);
          },
        );
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page, zoom, rotation, fitWidth]);

  if (failed) return <p className="p-8 text-center text-sm text-destructive">{t("pdf.drawFailed")}</p>;
  return <canvas ref={canvas} role="img" aria-label={label} className="mx-auto block bg-white shadow-md" />;
}
