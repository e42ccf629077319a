import type { ActivityEntry } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { roleLabel } from "@/auth/roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatTime } from "@/lib/datetime";
import { timeAgo } from "@/lib/time-ago";
import { iconFor } from "./activity-icons";

interface ActivityCardProps {
  entry: ActivityEntry;
  type: { label: string; icon: string } | undefined;
  /** Admins narrow the log to this entry's user. */
  onUser?: (user: { _id: string; name: string }) => void;
}

/** One entry (spec §2): icon, role, name, course code, title, description, date, time, time ago, type badge. */
export function ActivityCard({ entry, type, onUser }: ActivityCardProps) {
  const { t } = useTranslation("activity");
  const Icon = iconFor(type?.icon);
  const { user, course } = entry;
  return (
    <li className="flex gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <span className="h-fit rounded-full bg-primary/10 p-2 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          {user && (
            <>
              {user.role && <Badge variant="outline">{roleLabel(user.role)}</Badge>}
              {onUser && user._id ? (
                <Button
                  variant="link"
                  className="h-auto p-0 font-medium text-foreground"
                  onClick={() => onUser({ _id: user._id as string, name: user.name })}
                  aria-label={t("card.showOnly", { name: user.name })}
                >
                  {user.name}
                </Button>
              ) : (
                <span className="font-medium text-foreground">{user.name || t("card.deletedUser")}</span>
              )}
            </>
          )}
          {course?.courseCode && <span className="font-mono text-xs">{course.courseCode}</span>}
        </div>
        <p className="font-medium break-words">{entry.title}</p>
        {entry.description && <p className="text-sm break-words text-muted-foreground">{entry.description}</p>}
        {course?.title && <p className="text-sm text-muted-foreground">{course.title}</p>}
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
          <span>{formatTime(entry.createdAt)}</span>
          <span>{timeAgo(entry.createdAt)}</span>
        </p>
      </div>
      <Badge variant="secondary" className="h-fit">
        {type?.label ?? entry.type}
      </Badge>
    </li>
  );
}
