import { type LessonFile, LTI_FILE_TYPE, SCORM_FILE_TYPE } from "@lms/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { FallbackPanel } from "./FallbackPanel";
import { ImageViewer } from "./ImageViewer";
import { LtiLauncher } from "./LtiLauncher";
import { ScormPlayer } from "./ScormPlayer";
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

interface FileViewerProps {
  file: LessonFile;
  report: ReportView;
  /** Where a SCORM package or LTI tool is launched, and whether its learner's data is saved (enrolled learners). */
  lesson: { courseId: string; lessonId: string; tracksProgress: boolean };
}

/** Video, image, PDF, a SCORM package, an LTI tool, or a panel with Open for anything else (spec §2 Lesson viewer). */
export function FileViewer({ file, report, lesson }: FileViewerProps) {
  if (file.type === SCORM_FILE_TYPE) {
    return <ScormPlayer courseId={lesson.courseId} lessonId={lesson.lessonId} saves={lesson.tracksProgress} />;
  }
  if (file.type === LTI_FILE_TYPE && file.lti) {
    return <LtiLauncher courseId={lesson.courseId} lessonId={lesson.lessonId} lti={file.lti} />;
  }
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
