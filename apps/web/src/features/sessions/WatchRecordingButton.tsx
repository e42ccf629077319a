import { CirclePlay } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { RecordingViewerDialog } from "./RecordingViewerDialog";

interface WatchRecordingButtonProps {
  session: { _id: string; title: string };
  recordingId?: string | null;
  label?: string;
}

export function WatchRecordingButton({ session, recordingId, label }: WatchRecordingButtonProps) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("sessions");
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <CirclePlay aria-hidden="true" />
        {label ?? t("recording.watch")}
      </Button>
      <RecordingViewerDialog session={session} recordingId={recordingId} open={open} onOpenChange={setOpen} />
    </>
  );
}
