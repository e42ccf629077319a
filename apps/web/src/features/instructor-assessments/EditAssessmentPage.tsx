import type { Assessment } from "@lms/contract";
import { CopyPlus, FileDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useWorkspaceAssessment } from "@/api/assessment-workspace";
import { messageOf } from "@/api/errors";
import { exportQti } from "@/api/qti";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { DuplicateDialog } from "./DuplicateDialog";
import { AssessmentEditor } from "./editor/AssessmentEditor";
import { type EditorImages, editorValues } from "./editor/editor-form";

const imagesOf = (a: Assessment): EditorImages =>
  new Map((a.questions ?? []).flatMap((q) => (q.image ? [[q._id, q.image] as const] : [])));

/** Downloads the stored assessment as a QTI 3.0 package. */
function ExportQtiButton({ courseId, assessmentId }: { courseId: string; assessmentId: string }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation("instructor-assessments");
  const run = () => {
    setBusy(true);
    exportQti(courseId, assessmentId)
      .catch((error: unknown) =>
        toast.error(t("toast.error"), { description: messageOf(error, t("qti.exportFailed")) }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="outline" onClick={run} disabled={busy}>
      <FileDown aria-hidden="true" />
      {t("qti.exportButton")}
    </Button>
  );
}

/** /instructor/assessments/:assessmentId/edit: the editor on a stored assessment (managers of its course only). */
export function EditAssessmentPage() {
  const { assessmentId = "" } = useParams();
  const assessment = useWorkspaceAssessment(assessmentId);
  const [duplicating, setDuplicating] = useState(false);
  const { t } = useTranslation(["instructor-assessments", "messages"]);

  let body: ReactNode;
  if (assessment.isPending) {
    body = <PageLoader label={t("edit.loading")} />;
  } else if (assessment.isError) {
    body = (
      <ErrorState
        title={t("edit.loadFailed")}
        description={messageOf(assessment.error, t("tryAgain"))}
        onRetry={() => assessment.refetch()}
      />
    );
  } else {
    const a = assessment.data;
    body = (
      <>
        <p className="text-sm text-muted-foreground">
          {t("edit.summary", { count: a.submissions, needsGrading: a.needsGrading })}
        </p>
        <AssessmentEditor
          // A new editor for another assessment (after duplicating, the address changes).
          key={a._id}
          initial={editorValues(a.courseId, a)}
          assessmentId={a._id}
          course={{ title: a.courseTitle }}
          images={imagesOf(a)}
          onSaved={() => toast.success(t("toast.success"), { description: t("messages:ASSESSMENT_MESSAGES.updated") })}
        />
        {duplicating && <DuplicateDialog assessment={a} onClose={() => setDuplicating(false)} />}
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("edit.title")} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight break-words sm:text-3xl">
            {assessment.data ? t("edit.titleNamed", { title: assessment.data.title }) : t("edit.title")}
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          {assessment.data && (
            <Button variant="outline" onClick={() => setDuplicating(true)}>
              <CopyPlus aria-hidden="true" />
              {t("row.duplicate")}
            </Button>
          )}
          {assessment.data && (
            <ExportQtiButton courseId={assessment.data.courseId} assessmentId={assessment.data._id} />
          )}
          <Button asChild variant="outline">
            <Link to="/instructor/assessments">{t("back")}</Link>
          </Button>
        </div>
      </header>
      {body}
    </div>
  );
}
