import { type Lesson, type LessonFile, LTI_FILE_TYPE } from "@lms/contract";
import { FileImage, FileText, FileVideo, Paperclip, Plug, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { formatSize } from "@/lib/format";
import { deleteTrigger } from "@/lib/useFocusAfterDelete";
import { FOCUS_GROUPS } from "../focus-groups";

function iconFor(type: string) {
  if (type.startsWith("video/")) return FileVideo;
  if (type.startsWith("image/")) return FileImage;
  if (type === "application/pdf" || type.startsWith("text/")) return FileText;
  if (type === LTI_FILE_TYPE) return Plug;
  return Paperclip;
}

interface LessonFilesProps {
  lesson: Lesson;
  /** `trigger` is the file's delete button. */
  onDelete: (file: LessonFile, trigger: HTMLElement) => void;
}

/** The lesson's files as its managers see them, each with its own delete button. */
export function LessonFiles({ lesson, onDelete }: LessonFilesProps) {
  const { t } = useTranslation("course-detail");
  return (
    <ul aria-label={t("content.filesOf", { title: lesson.title })} className="grid gap-1 border-t px-3 py-2">
      {lesson.files.map((file) => {
        const Icon = iconFor(file.type);
        return (
          <li key={file._id} className="flex items-center gap-2 pl-8 text-sm">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1 wrap-anywhere">{file.name}</span>
            {/* An LTI link stores no bytes: it has no size to show. */}
            {!file.lti && <span className="shrink-0 text-xs text-muted-foreground">{formatSize(file.size)}</span>}
            <Button
              variant="ghost"
              size="sm"
              className="size-8 px-0 text-destructive hover:text-destructive"
              aria-label={t("content.deleteFile", { name: file.name })}
              onClick={(event) => onDelete(file, event.currentTarget)}
              {...deleteTrigger(FOCUS_GROUPS.files(lesson._id))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
