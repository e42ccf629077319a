import { RECORDING_MAX_BYTES } from "@lms/contract";
import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useUploadRecording } from "@/api/recordings";
import { UploadLimitsHint } from "@/components/UploadLimitsHint";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { toastFailure, toastSuccess } from "./toasts";
import { readVideoDuration, recordingFileProblem } from "./video-file";

/** Offered when a session has ended without a recording (spec §4); the file is checked before sending. */
export function UploadRecordingButton({ session }: { session: { _id: string; title: string } }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadRecording();
  const { t } = useTranslation(["sessions", "messages"]);
  const limitsId = useId();

  function choose() {
    try {
      if (!input.current) throw new Error("no file input");
      input.current.click();
    } catch {
      toast.error(t("toast.error"), { description: t("messages:SESSION_MESSAGES.fileSelectorFailed") });
    }
  }

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = recordingFileProblem(file);
    if (problem) {
      toast.error(t("toast.error"), { description: problem });
      return;
    }
    const duration = await readVideoDuration(file);
    upload.mutate(
      { sessionId: session._id, file, title: session.title, duration },
      {
        onSuccess: () => toastSuccess(t("messages:SESSION_MESSAGES.recordingUploaded")),
        onError: (error) => toastFailure(error, t("messages:SESSION_MESSAGES.recordingUploadFailed")),
      },
    );
  }

  return (
    <>
      <Button size="sm" variant="outline" onClick={choose} disabled={upload.isPending} aria-describedby={limitsId}>
        {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        {upload.isPending ? t("recording.uploading") : t("recording.upload")}
      </Button>
      <input
        ref={input}
        type="file"
        accept="video/*"
        className="hidden"
        aria-label={t("recording.fileOf", { title: session.title })}
        onChange={send}
      />
      {/* Recordings keep the spec's own rule (any video up to 500 MB), not the file settings. */}
      <UploadLimitsHint
        id={limitsId}
        types="video"
        capMegabytes={RECORDING_MAX_BYTES / (1024 * 1024)}
        followsSetting={false}
        className="text-xs"
      />
    </>
  );
}
