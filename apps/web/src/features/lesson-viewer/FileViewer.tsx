import type { LessonFile } from "@lms/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { FallbackPanel } from "./FallbackPanel";
import { ImageViewer } from "./ImageViewer";
import type { ReportView } from "./useFileProgress";
import { VideoPlayer } from "./VideoPlayer";

// pdf.js is large: it loads only when a PDF is shown.
const PdfViewer = lazy(() => import("./pdf/PdfViewer").then((m) => ({ default: m.PdfViewer })));

function Loading() {
  const { t } = useTranslation("lesson-viewer");
  return (
    <div className="flex min-h-96 items-center justify-center rounded-xl border bg-muted/40 text-muted-foreground">
      <Spinner className="size-8" label={t("pdf.loadingViewer")} />
    </div>
  );
}

/** Video, image, PDF, or a panel with Open for anything else (spec §2 Lesson viewer). */
export function FileViewer({ file, report }: { file: LessonFile; report: ReportView }) {
  if (file.type.startsWith("video/")) return <VideoPlayer file={file} report={report} />;
  if (file.type.startsWith("image/")) return <ImageViewer file={file} report={report} />;
  if (file.type === "application/pdf") {
    return (
      <Suspense fallback={<Loading />}>
        <PdfViewer file={file} report={report} />
      </Suspense>
    );
  }
  return <FallbackPanel file={file} onOpen={() => report(file._id)} />;
}
