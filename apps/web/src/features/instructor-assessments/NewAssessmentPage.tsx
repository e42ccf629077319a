import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ManagedCoursesGate } from "@/components/ManagedCoursesGate";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { AssessmentEditor } from "./editor/AssessmentEditor";
import { editorValues } from "./editor/editor-form";

/** /instructor/assessments/new: choose one of one's courses (`?courseId=` preselects it), then build the assessment. */
export function NewAssessmentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [wanted] = useState(() => params.get("courseId") ?? "");
  const { t } = useTranslation(["instructor-assessments", "messages"]);

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("new.title")} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("new.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("new.subtitle")}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/instructor/assessments">{t("back")}</Link>
        </Button>
      </header>
      <ManagedCoursesGate wanted={wanted} emptyDescription={t("new.noCourses")}>
        {(courses, initialCourse) => (
          <AssessmentEditor
            initial={editorValues(initialCourse)}
            course={{ options: courses }}
            onSaved={(assessment) => {
              toast.success(t("toast.success"), { description: t("messages:ASSESSMENT_MESSAGES.created") });
              navigate(`/instructor/assessments/${assessment._id}/edit`, { replace: true });
            }}
          />
        )}
      </ManagedCoursesGate>
    </div>
  );
}
