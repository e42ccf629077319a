import { VideoOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionRecordings } from "@/api/recordings";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";
import { cn } from "@/lib/utils";
import { RecordingPlayer } from "./RecordingPlayer";

interface RecordingViewerDialogProps {
  session: { _id: string; title: string };
  /** The recording to show first; otherwise the newest. */
  recordingId?: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function RecordingViewerDialog({ session, recordingId, open, onOpenChange }: RecordingViewerDialogProps) {
  const recordings = useSessionRecordings(session._id, open);
  const { t } = useTranslation(["sessions", "messages"]);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = recordings.data ?? [];
  const current = list.find((r) => r._id === (chosen ?? recordingId)) ?? list[0];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{current?.title ?? session.title}</DialogTitle>
          <DialogDescription>{t("recording.of", { title: session.title })}</DialogDescription>
        </DialogHeader>
        {recordings.isPending ? (
          <Skeleton className="aspect-video w-full" />
        ) : recordings.isError ? (
          <ErrorState title={t("messages:SESSION_MESSAGES.recordingLoadFailed")} onRetry={() => recordings.refetch()} />
        ) : !current ? (
          <EmptyState
            icon={VideoOff}
            title={t("messages:SESSION_MESSAGES.noRecordingsTitle")}
            description={t("messages:SESSION_MESSAGES.noRecordingsBody")}
          />
        ) : (
          <>
            {list.length > 1 && (
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">{t("recording.list")}</legend>
                {list.map((r) => (
                  <button
                    key={r._id}
                    type="button"
                    aria-pressed={r._id === current._id}
                    onClick={() => setChosen(r._id)}
                    className={cn(
                      "rounded-md border px-3 py-1.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      r._id === current._id ? "border-primary bg-accent" : "hover:bg-accent",
                    )}
                  >
                    {r.title} · {formatDateTime(r.recordedAt)}
                  </button>
                ))}
              </fieldset>
            )}
            <RecordingPlayer key={current._id} recording={current} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
