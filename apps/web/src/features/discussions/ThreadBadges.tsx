import type { DiscussionThreadSummary } from "@lms/contract";
import { Lock, Pin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** A thread's Pinned and Locked badges, as the list and the thread show them. */
export function PinnedLockedBadges({ thread }: { thread: Pick<DiscussionThreadSummary, "pinned" | "locked"> }) {
  const { t } = useTranslation("discussions");
  return (
    <>
      {thread.pinned && (
        <Badge variant="secondary">
          <Pin aria-hidden="true" />
          {t("thread.pinned")}
        </Badge>
      )}
      {thread.locked && (
        <Badge variant="outline">
          <Lock aria-hidden="true" />
          {t("thread.locked")}
        </Badge>
      )}
    </>
  );
}
