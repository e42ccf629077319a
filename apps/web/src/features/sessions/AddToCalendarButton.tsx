import { CalendarPlus } from "lucide-react";
import { useDownloadSessionEvent } from "@/api/calendar";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure } from "./toasts";

const DOWNLOAD_FAILED = "Failed to download the calendar event. Please try again.";

/** Saves the session as a single-event .ics file that any calendar app can import. */
export function AddToCalendarButton({ session }: { session: { _id: string; title: string } }) {
  const download = useDownloadSessionEvent();
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={download.isPending}
      onClick={() => download.mutate(session, { onError: (error) => toastFailure(error, DOWNLOAD_FAILED) })}
    >
      {download.isPending ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
      Add to calendar
    </Button>
  );
}
