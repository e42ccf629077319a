import type { Announcement } from "@lms/contract";
import { Megaphone, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";

interface AnnouncementsCardProps {
  announcements: Announcement[];
  onCreate?: () => void;
}

export function AnnouncementsCard({ announcements, onCreate }: AnnouncementsCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">Announcements</CardTitle>
        {onCreate && (
          <Button variant="outline" size="sm" onClick={onCreate}>
            <Plus aria-hidden="true" />
            New Announcement
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {announcements.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Megaphone aria-hidden="true" className="size-4" />
            No announcements yet.
          </p>
        ) : (
          <ul className="grid gap-4">
            {announcements.map((item) => (
              <li key={item._id} className="grid gap-1 border-l-2 border-primary/40 pl-3">
                <p className="font-medium">{item.title}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDate(item.createdAt)}
                  {item.author && ` · ${item.author.name}`}
                </p>
                {item.description && <p className="text-sm">{item.description}</p>}
                {item.content && <p className="whitespace-pre-line text-sm text-muted-foreground">{item.content}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
