import type { Announcement } from "@lms/contract";
import { Megaphone, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/datetime";
import { deleteFallback } from "@/lib/useFocusAfterDelete";
import { FOCUS_GROUPS } from "../focus-groups";
import { AnnouncementActions } from "./AnnouncementActions";

interface AnnouncementsCardProps {
  courseId: string;
  announcements: Announcement[];
  /** The api area of a course manager, who may post, edit and delete; null for everyone else. */
  area: CourseArea | null;
  onCreate: () => void;
}

export function AnnouncementsCard({ courseId, announcements, area, onCreate }: AnnouncementsCardProps) {
  const { t } = useTranslation("course-detail");
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">{t("announcements.title")}</CardTitle>
        {area && (
          <Button variant="outline" size="sm" onClick={onCreate} {...deleteFallback(FOCUS_GROUPS.announcements)}>
            <Plus aria-hidden="true" />
            {t("announcements.new")}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {announcements.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Megaphone aria-hidden="true" className="size-4" />
            {t("announcements.empty")}
          </p>
        ) : (
          <ul aria-label={t("announcements.title")} className="grid gap-4">
            {announcements.map((item) => (
              <li key={item._id} className="flex gap-2 border-l-2 border-primary/40 pl-3">
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="break-words font-medium">{item.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDate(item.createdAt)}
                    {item.author && ` · ${item.author.name}`}
                  </p>
                  {item.description && <p className="break-words text-sm">{item.description}</p>}
                  {item.content && (
                    <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{item.content}</p>
                  )}
                </div>
                {area && <AnnouncementActions area={area} courseId={courseId} announcement={item} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
