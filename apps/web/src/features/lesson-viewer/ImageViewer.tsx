import type { LessonFile } from "@lms/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FallbackPanel } from "./FallbackPanel";
import type { ReportView } from "./useFileProgress";

export function ImageViewer({ file, report }: { file: LessonFile; report: ReportView }) {
  const { t } = useTranslation("lesson-viewer");
  const [failed, setFailed] = useState(false);
  const [src] = useState(file.url);
  if (failed) return <FallbackPanel file={file} problem={t("fallback.image")} />;
  return (
    <div className="flex justify-center overflow-hidden rounded-xl border bg-muted/40 p-2">
      <img
        src={src}
        alt={file.name}
        onLoad={() => report(file._id)}
        onError={() => setFailed(true)}
        className="max-h-[75vh] w-auto max-w-full object-contain"
      />
    </div>
  );
}
