import type { Assessment } from "@lms/contract";
import { ClipboardList, Plus, SearchX } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useWorkspaceAssessments } from "@/api/assessment-workspace";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { AssessmentFilters } from "./AssessmentFilters";
import { AssessmentRow } from "./AssessmentRow";
import { DuplicateDialog } from "./DuplicateDialog";
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
  // A page past the end (an old address) moves to the last page there is.
  const lastPage = assessments.data?.pagination.pages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);
  const filtered = Boolean(values.courseId || values.type || values.state || values.search);
  const clearFilters = () => setFilters({ courseId: "", type: "", state: "", search: "" });

  let body: ReactNode;
  if (assessments.isPending) {
    body = (
      <div role="status" aria-label={t("list.loading")} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (assessments.isError) {
    body = <ErrorState title={t("list.loadFailed")} onRetry={() => assessments.refetch()} />;
  } else if (assessments.data.assessments.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={SearchX}
        title={t("list.noMatch")}
        description={t("list.noMatchHint")}
        action={
          <Button variant="outline" onClick={clearFilters}>
            {t("list.clearFilters")}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={ClipboardList}
        title={t("list.empty")}
        description={t("list.emptyHint")}
        action={<NewButton />}
      />
    );
  } else {
    const { assessments: list, pagination } = assessments.data;
    body = (
      <>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {t("list.count", { count: pagination.total })}
        </p>
        <ul aria-label={t("list.title")} aria-busy={assessments.isPlaceholderData} className="grid gap-3">
          {list.map((assessment) => (
            <li key={assessment._id}>
              <AssessmentRow assessment={assessment} onDuplicate={() => setDuplicating(assessment)} />
            </li>
          ))}
        </ul>
        <Pagination page={pagination.page} pages={pagination.pages} onPage={setPage} label={t("list.pages")} />
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("list.title")} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("list.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("list.subtitle")}</p>
        </div>
        <NewButton />
      </header>
      <AssessmentFilters values={values} courses={courses.data ?? []} onChange={setFilters} />
      {body}
      {duplicating && <DuplicateDialog assessment={duplicating} onClose={() => setDuplicating(null)} />}
    </div>
  );
}
