import type { ReviewQueueItem } from "@lms/contract";
import { Eye, GraduationCap, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDecideReview } from "@/api/course-review";
import { messageOf } from "@/api/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate } from "@/lib/datetime";
import { toast } from "@/lib/toast";

/** One submitted course: what it is, who teaches it, when it was submitted; Publish and Send back. */
export function ReviewQueueRow({ course, onSendBack }: { course: ReviewQueueItem; onSendBack: () => void }) {
  const { t } = useTranslation("reviews");
  const decide = useDecideReview();
  const publish = () =>
    decide.mutate(
      { courseId: course._id, decision: { decision: "publish" } },
      {
        onSuccess: (message) => toast.success(message ?? COURSE_UI.successTitle),
        onError: (error) =>
          toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.updateStatusFailed) }),
      },
    );

  return (
    <li
      aria-label={course.title}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground sm:flex-row sm:items-start"
    >
      <div className="grid min-w-0 flex-1 gap-1.5">
        <Link
          to={`/courses/${course._id}`}
          className="break-words font-semibold text-lg hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {course.title}
        </Link>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {course.category && <Badge variant="secondary">{course.category}</Badge>}
          <span>
            <span className="sr-only">{t("row.courseCode")} </span>
            {course.courseCode}
          </span>
          {course.instructorId && (
            <span className="flex items-center gap-1">
              <GraduationCap aria-hidden="true" className="size-4" />
              {course.instructorId.name}
            </span>
          )}
          <span>{t("row.submitted", { date: formatDate(course.submittedAt) })}</span>
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{course.shortDescription}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          size="sm"
          onClick={publish}
          disabled={decide.isPending}
          aria-label={t("row.publishLabel", { title: course.title })}
        >
          {decide.isPending ? <Spinner /> : <Eye aria-hidden="true" />}
          {t("row.publish")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onSendBack}
          disabled={decide.isPending}
          aria-label={t("row.sendBackLabel", { title: course.title })}
        >
          <Undo2 aria-hidden="true" />
          {t("row.sendBack")}
        </Button>
      </div>
    </li>
  );
}
