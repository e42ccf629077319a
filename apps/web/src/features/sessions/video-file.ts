import { RECORDING_MAX_BYTES } from "@lms/contract";
import i18next from "i18next";

/** Spec §5 "Recording upload": video files only, at most 500 MB; checked before anything is sent. */
export function recordingFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("video/")) return i18next.t("messages:SESSION_MESSAGES.recordingVideoOnly");
  if (file.size > RECORDING_MAX_BYTES) return i18next.t("messages:SESSION_MESSAGES.recordingTooLarge");
  return null;
}

const METADATA_TIMEOUT_MS = 5000;

/** The length of a video file in whole seconds, read by the browser; null when it cannot tell. */
export function readVideoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    const finish = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(null), METADATA_TIMEOUT_MS);
    video.preload = "metadata";
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration)) {
        finish(Math.round(video.duration));
        return;
      }
      // Files from browser recorders carry no length in their header: seeking to the end reveals it.
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) finish(Math.round(video.duration));
      };
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
