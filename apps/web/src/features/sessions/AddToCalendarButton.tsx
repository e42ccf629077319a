import { CalendarPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useDownloadSessionEvent } from "@/api/calendar";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure } from "./toasts";

/** Saves the session as a single-event .ics file that any calendar app can import. */
export function AddToCalendarButton({ session }: { session: { _id: string; title: string } }) {
  const download = useDownloadSessionEvent();
  const { t } = useTranslation("sessions");
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(session, { onError: (error) => toastFailure(error, t("calendar.downloadFailed")) })
      }
    >
      {download.isPending ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
      {t("calendar.add")}
    </Button>
  );
}
