import { type LessonFile, VIDEO_COMPLETE_RATIO } from "@lms/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FallbackPanel } from "./FallbackPanel";
import type { ReportView } from "./useFileProgress";

/** While playing, the position is reported this often (and on pause, at 90%, at the end and on leaving). */
const REPORT_EVERY_MS = 5000;

/** Resumes at the saved position; a video watched to 90% or more counts as completed. */
export function VideoPlayer({ file, report }: { file: LessonFile; report: ReportView }) {
  const { t } = useTranslation("lesson-viewer");
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // A reload of the course signs the file's url anew; the player keeps the one it started with.
  const [src] = useState(file.url);
  const lastReport = useRef(0);
  const reachedThreshold = useRef(file.progress?.completed ?? false);
  const saved = file.progress?.position ?? 0;

  const send = (element: HTMLVideoElement, completed = false) => {
    lastReport.current = Date.now();
    report(file._id, { position: element.currentTime, duration: element.duration, completed });
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  // Leaving the lesson (or switching files) keeps the position where the learner stopped.
  useEffect(() => {
    const element = video.current;
    return () => {
      if (element && element.currentTime > 0 && !element.ended) sendRef.current(element);
    };
  }, []);

  if (failed) {
    return <FallbackPanel file={file} problem={t("fallback.video")} />;
  }
  return (
    <div className="overflow-hidden rounded-xl border bg-black">
      {/* biome-ignore lint/a11y/useMediaCaption: lesson videos are uploaded without caption tracks */}
      <video
        ref={video}
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={file.name}
        className="aspect-video max-h-[75vh] w-full"
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          if (saved > 0 && saved < element.duration - 1) element.currentTime = saved;
        }}
        onTimeUpdate={(event) => {
          const element = event.currentTarget;
          if (!element.duration) return;
          if (!reachedThreshold.current && element.currentTime / element.duration >= VIDEO_COMPLETE_RATIO) {
            reachedThreshold.current = true;
            send(element);
          } else if (!element.paused && Date.now() - lastReport.current >= REPORT_EVERY_MS) {
            send(element);
          }
        }}
        onPause={(event) => {
          if (!event.currentTarget.ended) send(event.currentTarget);
        }}
        onEnded={(event) => send(event.currentTarget, true)}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
