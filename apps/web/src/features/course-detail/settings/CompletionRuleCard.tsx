import type { CourseDetail } from "@lms/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useUpdateCourse } from "@/api/managed-courses";
import type { CourseArea } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";

/**
 * The course's completion rule (issue 21): every lesson always; the teacher chooses whether the
 * published assessments marked "required for completion" must be passed as well.
 */
export function CompletionRuleCard({ course, area }: { course: CourseDetail; area: CourseArea }) {
  const { t } = useTranslation("course-detail");
  const saved = course.completionRule.requireAssessments;
  const [requireAssessments, setRequireAssessments] = useState(saved);
  const update = useUpdateCourse(area, course._id);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { completionRule: { requireAssessments } },
      {
        onSuccess: () => toast.success(t("completionRule.saved")),
        onError: (error) => toast.error(messageOf(error, t("completionRule.failed"))),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("completionRule.title")}</CardTitle>
        <CardDescription>{t("completionRule.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={requireAssessments}
              disabled={update.isPending}
              onChange={(event) => setRequireAssessments(event.target.checked)}
            />
            <span>{t("completionRule.requireAssessments")}</span>
          </label>
          <Button
            type="submit"
            className="justify-self-start"
            disabled={update.isPending || requireAssessments === saved}
          >
            {update.isPending && <Spinner />}
            {t("completionRule.save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
