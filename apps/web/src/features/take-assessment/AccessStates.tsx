import { FileQuestion, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { messageOf } from "@/api/errors";
import { isNotEnrolled, statusOf } from "@/components/course/not-enrolled";
import { ErrorState } from "@/components/ErrorState";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";

function BackToCourse({ courseId }: { courseId: string }) {
  const { t } = useTranslation("take-assessment");
  return (
    <Button asChild variant="outline">
      <Link to={`/courses/${courseId}`}>{t("backToCourse")}</Link>
    </Button>
  );
}

/** Why an assessment cannot be shown: not enrolled, no access, not found, or a failure to retry. */
export function AssessmentLoadError({
  error,
  courseId,
  onRetry,
}: {
  error: unknown;
  courseId: string;
  onRetry: () => void;
}) {
  const status = statusOf(error);
  const { t } = useTranslation("take-assessment");
  if (status === 403) {
    return (
      <StateScreen
        icon={ShieldAlert}
        tone="destructive"
        title={COURSE_UI.accessDeniedTitle}
        description={isNotEnrolled(error) ? t("access.notEnrolled") : messageOf(error, t("access.noPermission"))}
      >
        <BackToCourse courseId={courseId} />
      </StateScreen>
    );
  }
  if (status === 404 || status === 400) {
    return (
      <StateScreen icon={FileQuestion} title={t("access.notFound")} description={t("access.notFoundHint")}>
        <BackToCourse courseId={courseId} />
      </StateScreen>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <ErrorState title={t("access.loadFailed")} description={messageOf(error, t("tryAgain"))} onRetry={onRetry} />
    </div>
  );
}
