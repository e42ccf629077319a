import { COURSE_PICTURE_MAX_MB, COURSE_PICTURE_TYPES, type CourseDetail } from "@lms/contract";
import { BookOpen, ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useCoursePicture } from "@/api/managed-courses";
import type { CourseArea } from "@/auth/roles";
import { acceptOf, UploadLimitsHint } from "@/components/UploadLimitsHint";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";

const ACCEPT = acceptOf(COURSE_PICTURE_TYPES);

/** The picture the catalogue shows: uploaded here (the server judges the type), or removed. */
export function CoursePictureCard({ course, area }: { course: CourseDetail; area: CourseArea }) {
  const { t } = useTranslation(["course-detail", "messages"]);
  const input = useRef<HTMLInputElement>(null);
  const limitsId = useId();
  const { upload, remove } = useCoursePicture(area, course._id);
  const busy = upload.isPending || remove.isPending;
  const uploaded = course.thumbnail?.startsWith(`/api/courses/${course._id}/picture`) ?? false;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => toast.success(t("messages:MESSAGES.coursePictureUpdated")),
      onError: (error) => toast.error(t("picture.failed"), { description: messageOf(error, "") }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("picture.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="aspect-video overflow-hidden rounded-md border bg-muted">
          {course.thumbnail ? (
            <img src={course.thumbnail} alt={t("picture.alt")} className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <BookOpen aria-hidden="true" className="size-10" />
              <span className="sr-only">{t("picture.none")}</span>
            </div>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t("picture.input")}
          onChange={choose}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-describedby={limitsId}
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden="true" />}
            {uploaded ? t("picture.change") : t("picture.upload")}
          </Button>
          {uploaded && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(t("messages:MESSAGES.coursePictureRemoved")),
                  onError: (error) => toast.error(t("picture.failed"), { description: messageOf(error, "") }),
                })
              }
            >
              <Trash2 aria-hidden="true" />
              {t("picture.remove")}
            </Button>
          )}
        </div>
        <UploadLimitsHint id={limitsId} types={COURSE_PICTURE_TYPES} capMegabytes={COURSE_PICTURE_MAX_MB} />
      </CardContent>
    </Card>
  );
}
