import type { Recording } from "@lms/contract";
import { CalendarDays, Clock, Download, ExternalLink, Eye, VideoOff } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCountRecordingView } from "@/api/recordings";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { formatCount } from "@/lib/format";
import { formatMinutesSeconds } from "./format";

function DownloadLink({ recording }: { recording: Recording }) {
  const { t } = useTranslation(["sessions", "messages"]);
  if (recording.external) {
    return (
      <Button asChild variant="outline">
        <a href={recording.recordingUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          {t("recording.open")}
        </a>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <a href={recording.recordingUrl} download={recording.fileName ?? `${recording.title}.mp4`}>
        <Download aria-hidden="true" />
        {t("recording.download")}
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
  const { t } = useTranslation(["sessions", "messages"]);
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
          <AlertDescription>{t("recording.external")}</AlertDescription>
        </Alert>
      ) : failed ? (
        <Alert variant="destructive">
          <VideoOff aria-hidden="true" />
          <AlertTitle>{t("messages:SESSION_MESSAGES.videoErrorTitle")}</AlertTitle>
          <AlertDescription>{t("messages:SESSION_MESSAGES.videoErrorBody")}</AlertDescription>
        </Alert>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: recordings of live sessions come without caption tracks
        <video
          key={recording._id}
          src={recording.recordingUrl}
          controls
          preload="metadata"
          playsInline
          aria-label={t("recording.label", { title: recording.title })}
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
          <dt className="sr-only">{t("recording.duration")}</dt>
          <Clock aria-hidden="true" className="size-4" />
          <dd>{seconds === null ? "–:––" : formatMinutesSeconds(seconds)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t("recording.views")}</dt>
          <Eye aria-hidden="true" className="size-4" />
          <dd data-testid="recording-views">
            {t("recording.viewCount", { count: recording.viewCount, formatted: formatCount(recording.viewCount) })}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t("recording.recorded")}</dt>
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
