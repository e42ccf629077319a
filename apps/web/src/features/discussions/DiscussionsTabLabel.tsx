import { useTranslation } from "react-i18next";
import { useDiscussionUnread } from "@/api/discussions";

/** The tab's name with the count of unread threads, when there are any. */
export function DiscussionsTabLabel({ courseId, label }: { courseId: string; label: string }) {
  const { t } = useTranslation("discussions");
  const unread = useDiscussionUnread(courseId, true);
  const count = unread.data ?? 0;
  return (
    <>
      {label}
      {count > 0 && (
        <span className="relative ms-1.5 rounded-full bg-primary px-1.5 py-0.5 font-medium text-primary-foreground text-xs tabular-nums">
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{t("list.unreadThreads", { count })}</span>
        </span>
      )}
    </>
  );
}
