import { SESSION_MESSAGES as M, type Recording } from "@lms/contract";
import { CalendarDays, Clock, Download, ExternalLink, Eye, VideoOff } from "lucide-react";
import { useRef, useState } from "react";
import { useCountRecordingView } from "@/api/recordings";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { plural } from "@/lib/format";
import { formatMinutesSeconds } from "./format";

function DownloadLink({ recording }: { recording: Recording }) {
  if (recording.external) {
    return (
      <Button asChild variant="outline">
        <a href={recording.recordingUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          Open recording
        </a>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <a href={recording.recordingUrl} download={recording.fileName ?? `${recording.title}.mp4`}>
        <Download aria-hidden="true" />
        Download
      </a>
    </Button>
  );
}

/** Player with seeking (signed URL served with ranges), length m:ss, views, recorded date and Download. */
export function RecordingPlayer({ recording }: { recording: Recording }) {
  const [failed, setFailed] = useState(false);
  const [playerSeconds, setPlayerSeconds] = useState<number | null>(null);
  const counted = useRef(false);
  const countView = useCountRecordingView();
  const seconds = recording.duration > 0 ? recording.duration : playerSeconds;

  function onPlay() {
    if (counted.current) return;
    counted.current = true;
    countView.mutate(recording);
  }

  return (
    <div className="grid gap-4">
      {recording.external ? (
        <Alert role="note">
          <ExternalLink aria-hidden="true" />
          <AlertDescription>This recording is kept by the video meeting service; open it there.</AlertDescription>
        </Alert>
      ) : failed ? (
        <Alert variant="destructive">
          <VideoOff aria-hidden="true" />
          <AlertTitle>{M.videoErrorTitle}</AlertTitle>
          <AlertDescription>{M.videoErrorBody}</AlertDescription>
        </Alert>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: recordings of live sessions come without caption tracks
        <video
          key={recording._id}
          src={recording.recordingUrl}
          controls
          preload="metadata"
          playsInline
          aria-label={`Recording: ${recording.title}`}
          className="aspect-video w-full rounded-lg bg-black"
          onPlay={onPlay}
          onError={() => setFailed(true)}
          onLoadedMetadata={(event) => {
            const { duration } = event.currentTarget;
            if (Number.isFinite(duration)) setPlayerSeconds(duration);
          }}
        />
      )}
      <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Duration</dt>
          <Clock aria-hidden="true" className="size-4" />
          <dd>{seconds === null ? "–:––" : formatMinutesSeconds(seconds)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Views</dt>
          <Eye aria-hidden="true" className="size-4" />
          <dd data-testid="recording-views">{plural(recording.viewCount, "view")}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Recorded</dt>
          <CalendarDays aria-hidden="true" className="size-4" />
          <dd>{formatDateTime(recording.recordedAt)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <DownloadLink recording={recording} />
      </div>
    </div>
  );
}
