import { SESSION_MESSAGES as M } from "@lms/contract";
import { Upload } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { toast } from "sonner";
import { useUploadRecording } from "@/api/recordings";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure, toastSuccess } from "./toasts";
import { readVideoDuration, recordingFileProblem } from "./video-file";

/** Offered when a session has ended without a recording (spec §4); the file is checked before sending. */
export function UploadRecordingButton({ session }: { session: { _id: string; title: string } }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadRecording();

  function choose() {
    try {
      if (!input.current) throw new Error("no file input");
      input.current.click();
    } catch {
      toast.error("Error", { description: M.fileSelectorFailed });
    }
  }

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = recordingFileProblem(file);
    if (problem) {
      toast.error("Error", { description: problem });
      return;
    }
    const duration = await readVideoDuration(file);
    upload.mutate(
      { sessionId: session._id, file, title: session.title, duration },
      {
        onSuccess: () => toastSuccess(M.recordingUploaded),
        onError: (error) => toastFailure(error, M.recordingUploadFailed),
      },
    );
  }

  return (
    <>
      <Button size="sm" variant="outline" onClick={choose} disabled={upload.isPending}>
        {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        {upload.isPending ? "Uploading…" : "Upload Recording"}
      </Button>
      <input
        ref={input}
        type="file"
        accept="video/*"
        className="hidden"
        aria-label={`Recording of ${session.title}`}
        onChange={send}
      />
    </>
  );
}
