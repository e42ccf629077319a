import type { Lesson } from "@lms/contract";
import { CheckCircle2, Eye, FilePlus2, Pencil, PlayCircle, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { plural } from "@/lib/format";
import type { OpenDialog } from "../dialog-state";
import { LessonFiles } from "./LessonFiles";

interface LessonRowProps {
  courseId: string;
  moduleId: string;
  lesson: Lesson;
  manage: boolean;
  tracksProgress: boolean;
  onOpen: OpenDialog;
}

export function LessonRow({ courseId, moduleId, lesson, manage, tracksProgress, onOpen }: LessonRowProps) {
  const href = `/courses/${courseId}/lessons/${lesson._id}`;
  const done = tracksProgress && lesson.files.length > 0 && lesson.files.every((f) => f.progress?.completed);
  return (
    <div className="rounded-lg border bg-background">
      <div className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
        <Link
          to={href}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {done ? (
            <CheckCircle2 aria-label="Completed" className="size-5 shrink-0 text-success" />
          ) : (
            <PlayCircle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          )}
          <span className="grid min-w-0">
            <span className="break-words font-medium">{lesson.title}</span>
            <span className="text-xs text-muted-foreground">{plural(lesson.files.length, "file")}</span>
          </span>
        </Link>
        {manage && (
          <div className="flex flex-wrap items-center gap-1.5 pl-8 sm:pl-0">
            <Badge variant={lesson.isPublished ? "success" : "outline"}>
              {lesson.isPublished ? "Published" : "Draft"}
            </Badge>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Add files to ${lesson.title}`}
              onClick={() => onOpen({ type: "files", moduleId, lesson })}
            >
              <FilePlus2 aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Files</span>
            </Button>
            <Button variant="ghost" size="sm" asChild>
              <Link to={href} aria-label={`View ${lesson.title}`}>
                <Eye aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">View</span>
              </Link>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit lesson ${lesson.title}`}
              onClick={() => onOpen({ type: "edit-lesson", moduleId, lesson })}
            >
              <Pencil aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Edit</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={`Delete lesson ${lesson.title}`}
              onClick={() => onOpen({ type: "delete-content", target: { kind: "lesson", moduleId, lesson } })}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Delete</span>
            </Button>
          </div>
        )}
      </div>
      {manage && lesson.files.length > 0 && (
        <LessonFiles
          lesson={lesson}
          onDelete={(file) => onOpen({ type: "delete-content", target: { kind: "file", moduleId, lesson, file } })}
        />
      )}
    </div>
  );
}
