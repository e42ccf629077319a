import { type CourseDetail, GRADEBOOK_LIMITS } from "@lms/contract";
import { ClipboardCheck, Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useExportGradebook, useGradebook } from "@/api/gradebook";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useFitPage, usePagedSearch } from "../batch/paging";
import { SearchField } from "../batch/SearchField";
import { GradebookTable } from "./GradebookTable";
import { OwnGradesTable } from "./OwnGradesTable";

function ExportButton({ course }: { course: CourseDetail }) {
  const { t } = useTranslation("course-detail");
  const fileName = `gradebook-${course.courseCode || course._id}-${new Date().toISOString().slice(0, 10)}.csv`;
  const exporting = useExportGradebook(course._id, fileName);
  return (
    <Button
      variant="outline"
      disabled={exporting.isPending}
      onClick={() =>
        exporting.mutate(undefined, {
          onError: (error) =>
            toast.error(t("gradebook.exportFailed"), {
              description: messageOf(error, t("gradebook.exportFailedDetail")),
            }),
        })
      }
    >
      {exporting.isPending ? (
        <Spinner className="size-4" label={t("gradebook.exporting")} />
      ) : (
        <Download aria-hidden="true" />
      )}
      {t("gradebook.export")}
    </Button>
  );
}

/**
 * The course gradebook (issue 10): managers see every learner × published assessment, searched
 * and paged on the server, and export it; a learner sees their own grades, one row per assessment.
 */
export function GradebookTab({ course, manages }: { course: CourseDetail; manages: boolean }) {
  const { t } = useTranslation("course-detail");
  const { term, setTerm, search, page, setPage } = usePagedSearch();
  const query = useGradebook(course._id, {
    page,
    limit: GRADEBOOK_LIMITS.pageSizeDefault,
    search: manages ? search || undefined : undefined,
  });
  const book = query.data;
  useFitPage(page, query.isPlaceholderData ? undefined : book?.pagination.pages, setPage);
  const total = book?.pagination.total ?? 0;

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 sm:flex-row">
        <div className="grid gap-1.5">
          <CardTitle className="text-lg">{manages ? t("tabs.gradebook") : t("gradebook.yourGrades")}</CardTitle>
          <CardDescription>
            {manages && book
              ? `${search ? t("gradebook.learnersMatching", { count: total, search }) : t("gradebook.learners", { count: total })} `
              : ""}
            {t("gradebook.rule")}
          </CardDescription>
        </div>
        {manages && <ExportButton course={course} />}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {manages && (
          <SearchField
            label={t("gradebook.searchLabel")}
            placeholder={t("gradebook.searchPlaceholder")}
            value={term}
            onChange={setTerm}
          />
        )}
        {query.isError && !book ? (
          <ErrorState title={t("gradebook.loadFailed")} onRetry={() => void query.refetch()} />
        ) : !book ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("gradebook.loading")} />
          </div>
        ) : book.assessments.length === 0 && !book.packages?.length ? (
          <EmptyState icon={ClipboardCheck} title={t("gradebook.empty")} description={t("gradebook.emptyHint")} />
        ) : book.rows.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground text-sm">
            {search ? t("gradebook.noMatch") : t("gradebook.noLearners")}
          </p>
        ) : book.view === "own" ? (
          <OwnGradesTable book={book} caption={t("gradebook.captionLearner", { title: course.title })} />
        ) : (
          <>
            <GradebookTable
              book={book}
              busy={query.isPlaceholderData}
              caption={
                manages
                  ? t("gradebook.captionManager", { title: course.title })
                  : t("gradebook.captionLearner", { title: course.title })
              }
            />
            <Pagination page={page} pages={book.pagination.pages} onPage={setPage} label={t("gradebook.pages")} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
