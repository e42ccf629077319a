import { NOTE_CONTENT_MAX } from "@lms/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/auth/auth-context";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { currentLanguage } from "@/i18n/i18n";
import { cn } from "@/lib/utils";
import { NoteStatusLine } from "./NoteStatusLine";
import { useLessonNotes } from "./useLessonNotes";

/** Only near the limit is it worth showing. */
const SHOW_LIMIT_FROM = NOTE_CONTENT_MAX * 0.9;

/** The signed-in user's own notes on a lesson, saved to their account as they are typed. */
export function NotesPanel({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { user } = useAuth();
  if (!user) return null;
  return <NotesEditor key={`${user._id}:${lessonId}`} userId={user._id} courseId={courseId} lessonId={lessonId} />;
}

function NotesEditor({ userId, courseId, lessonId }: { userId: string; courseId: string; lessonId: string }) {
  const { t } = useTranslation("lesson-viewer");
  const id = useId();
  const { text, status, change, retry, loadFailed } = useLessonNotes({ userId, courseId, lessonId });
  const length = text?.length ?? 0;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("notes.label")}</Label>
      {text === null && !loadFailed ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <Textarea
          id={id}
          rows={12}
          value={text ?? ""}
          onChange={(event) => change(event.target.value)}
          placeholder={t("notes.placeholder")}
          aria-describedby={`${id}-status ${id}-count`}
          aria-invalid={length > NOTE_CONTENT_MAX || undefined}
        />
      )}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <NoteStatusLine id={`${id}-status`} status={status} />
        <span
          id={`${id}-count`}
          className={cn("shrink-0", length > NOTE_CONTENT_MAX && "font-medium text-destructive")}
        >
          {t("notes.characters", { count: length })}
          {length >= SHOW_LIMIT_FROM &&
            ` ${t("notes.ofMax", { max: NOTE_CONTENT_MAX.toLocaleString(currentLanguage()) })}`}
        </span>
      </div>
      {loadFailed && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={retry}>
          {t("notes.reload")}
        </Button>
      )}
    </div>
  );
}
