import { Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUnreadConversations } from "@/api/conversations";
import { Button } from "@/components/ui/button";

/** The nav bar's inbox: the count of conversations with unseen messages, opening /messages. */
export function InboxButton() {
  const { t } = useTranslation();
  const unread = useUnreadConversations().data ?? 0;
  return (
    <Button variant="ghost" size="icon" className="relative" asChild>
      <Link
        to="/messages"
        aria-label={unread > 0 ? t("inbox.buttonUnread", { count: unread }) : t("inbox.button")}
        data-testid="inbox-button"
      >
        <Mail aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="inbox-unread-count"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[0.7rem] font-semibold text-destructive-foreground"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Link>
    </Button>
  );
}
