import { Download, NotebookPen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { saveFile } from "@/api/download";
import { useCourseNotes } from "@/api/notes";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/datetime";
import { notesFileName, notesToMarkdown } from "@/lib/notes/export";

interface MyNotesCardProps {
  course: { _id: string; title: string; courseCode: string };
}

/** The signed-in user's own lesson notes of this course, each linking to its lesson, with a Markdown export. */
export function MyNotesCard({ course }: MyNotesCardProps) {
  const { t } = useTranslation("course-detail");
  const notes = useCourseNotes(course._id);

  const exportNotes = () => {
    if (!notes.data) return;
    const now = new Date();
    const text = notesToMarkdown(course, notes.data, now);
    saveFile(new Blob([text], { type: "text/markdown;charset=utf-8" }), notesFileName(course.courseCode, now));
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-lg">{t("notes.title")}</CardTitle>
        {notes.data && notes.data.length > 0 && (
          <Button variant="outline" size="sm" onClick={exportNotes}>
            <Download aria-hidden="true" />
            {t("notes.export")}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {notes.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t("notes.loading")}>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : notes.isError ? (
          <ErrorState title={t("notes.loadFailed")} onRetry={() => void notes.refetch()} className="p-4" />
        ) : notes.data.length === 0 ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <NotebookPen aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("notes.empty")}
          </p>
        ) : (
          <ul aria-label={t("notes.title")} className="grid gap-4">
            {notes.data.map((note) => (
              <li key={note.lessonId} className="grid gap-1 border-l-2 border-primary/40 pl-3">
                <Link
                  to={`/courses/${course._id}/lessons/${note.lessonId}`}
                  className="break-words font-medium underline-offset-4 hover:underline"
                >
                  {note.lessonTitle}
                </Link>
                <p className="break-words text-xs text-muted-foreground">
                  {note.moduleTitle} · {t("notes.saved", { date: formatDate(note.updatedAt) })}
                </p>
                <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{note.content}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
