import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/lib/datetime";

/** "Ended · Tue, Nov 24, 2026, 10:40 CET": when a session really ended, in the viewer's zone. */
export function EndedAt({ endedAt }: { endedAt: string }) {
  const { t } = useTranslation("sessions");
  return (
    <span>
      {t("item.ended")} · <time dateTime={endedAt}>{formatDateTime(endedAt)}</time>
    </span>
  );
}
