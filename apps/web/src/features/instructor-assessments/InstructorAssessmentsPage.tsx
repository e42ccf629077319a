import type { Assessment } from "@lms/contract";
import { ClipboardList, FileUp, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useWorkspaceAssessments } from "@/api/assessment-workspace";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { Button } from "@/components/ui/button";
import { WorkspaceListPage } from "@/components/WorkspaceListPage";
import { AssessmentFilters } from "./AssessmentFilters";
import { AssessmentRow } from "./AssessmentRow";
import { DuplicateDialog } from "./DuplicateDialog";
import { ImportQtiDialog } from "./ImportQtiDialog";
import { useAssessmentFilterParams } from "./useAssessmentFilterParams";

export const ASSESSMENTS_PAGE_SIZE = 10;

function NewButton() {
  const { t } = useTranslation("instructor-assessments");
  return (
    <Button asChild>
      <Link to="/instructor/assessments/new">
        <Plus aria-hidden="true" />
        {t("new.title")}
      </Link>
    </Button>
  );
}

/** /instructor/assessments: every assessment of the courses one manages (admins: all), filtered and paged on the server. */
export function InstructorAssessmentsPage() {
  const { values, page, setFilters, setPage } = useAssessmentFilterParams();
  const courses = useManagedCourseOptions();
  const { t } = useTranslation("instructor-assessments");
  const assessments = useWorkspaceAssessments({
    page,
    limit: ASSESSMENTS_PAGE_SIZE,
    courseId: values.courseId || undefined,
    type: values.type || undefined,
    state: values.state || undefined,
    search: values.search || undefined,
  });
  const [duplicating, setDuplicating] = useState<Assessment | null>(null);
  const [importing, setImporting] = useState(false);
  const filtered = Boolean(values.courseId || values.type || values.state || values.search);

  return (
    <WorkspaceListPage
      ns="instructor-assessments"
      query={assessments}
      list={assessments.data && { items: assessments.data.assessments, pagination: assessments.data.pagination }}
      listLabel={t("list.title")}
      filters={<AssessmentFilters values={values} courses={courses.data ?? []} onChange={setFilters} />}
      filtered={filtered}
      onClearFilters={() => setFilters({ courseId: "", type: "", state: "", search: "" })}
      action={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)}>
            <FileUp aria-hidden="true" />
            {t("qti.importButton")}
          </Button>
          <NewButton />
        </div>
      }
      emptyIcon={ClipboardList}
      page={page}
      onPage={setPage}
      itemKey={(assessment) => assessment._id}
      renderItem={(assessment) => (
        <AssessmentRow assessment={assessment} onDuplicate={() => setDuplicating(assessment)} />
      )}
    >
      {duplicating && <DuplicateDialog assessment={duplicating} onClose={() => setDuplicating(null)} />}
      {importing && <ImportQtiDialog onClose={() => setImporting(false)} />}
    </WorkspaceListPage>
  );
}
