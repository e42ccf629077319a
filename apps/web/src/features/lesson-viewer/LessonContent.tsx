import { type CourseDetail, type LessonFile, LTI_FILE_TYPE, SCORM_FILE_TYPE } from "@lms/contract";
import { CheckCircle2, FileText, FileVideo, Image, Package, Paperclip, Plug } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { RichText } from "@/components/assessment/RichText";
import { cn } from "@/lib/utils";
import { FileViewer } from "./FileViewer";
import type { LessonPlace } from "./lesson-order";
import { NoContent } from "./NoContent";
import { useFileProgress } from "./useFileProgress";

interface LessonContentProps {
  course: CourseDetail;
  place: LessonPlace;
  area: CourseArea | null;
  tracksProgress: boolean;
}

function iconFor(file: LessonFile) {
  if (file.type.startsWith("video/")) return FileVideo;
  if (file.type.startsWith("image/")) return Image;
  if (file.type === "application/pdf") return FileText;
  if (file.type === SCORM_FILE_TYPE) return Package;
  if (file.type === LTI_FILE_TYPE) return Plug;
  return Paperclip;
}

export function LessonContent({ course, place, area, tracksProgress }: LessonContentProps) {
  const { t } = useTranslation("lesson-viewer");
  const { lesson, module } = place;
  const [fileId, setFileId] = useState(lesson.files[0]?._id);
  const file = lesson.files.find((f) => f._id === fileId) ?? lesson.files[0];
  const report = useFileProgress(course._id, lesson._id, tracksProgress);

  return (
    <section aria-label={t("content.label")} className="grid min-w-0 content-start gap-4">
      {lesson.body && <RichText html={lesson.body} className="rounded-xl border bg-card p-4 leading-relaxed" />}
      {lesson.files.length > 1 && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("content.files")}</legend>
          {lesson.files.map((f) => {
            const Icon = iconFor(f);
            const active = f._id === file?._id;
            return (
              <button
                key={f._id}
                type="button"
                aria-pressed={active}
                onClick={() => setFileId(f._id)}
                className={cn(
                  "inline-flex max-w-full items-center gap-2 rounded-md border px-3 py-1.5 text-sm transition-colors",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  active ? "border-primary bg-primary/10 text-foreground" : "hover:bg-accent",
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{f.name}</span>
                {f.progress?.completed && (
                  <CheckCircle2 aria-label={t("content.completed")} className="size-4 text-success" />
                )}
              </button>
            );
          })}
        </fieldset>
      )}
      {file ? (
        <FileViewer
          key={file._id}
          file={file}
          report={report}
          lesson={{ courseId: course._id, lessonId: lesson._id, tracksProgress }}
        />
      ) : (
        // A lesson of text alone is complete for its learners; its managers may still add files.
        (area || !lesson.body) && <NoContent area={area} courseId={course._id} moduleId={module._id} lesson={lesson} />
      )}
      {lesson.description && (
        <div className="rounded-xl border bg-card p-4">
          <h2 className="mb-1 font-semibold">{t("content.about")}</h2>
          <p className="whitespace-pre-line text-sm text-muted-foreground">{lesson.description}</p>
        </div>
      )}
    </section>
  );
}
