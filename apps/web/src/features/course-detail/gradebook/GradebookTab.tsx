import { type CourseDetail, GRADEBOOK_LIMITS } from "@lms/contract";
import { ClipboardCheck, Download } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "@/api/errors";
import { useExportGradebook, useGradebook } from "@/api/gradebook";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useFitPage, usePagedSearch } from "../batch/paging";
import { SearchField } from "../batch/SearchField";
import { GradebookTable } from "./GradebookTable";

const GRADE_RULE =
  "Course grade: the weighted mean of the percent scores of graded and missing assessments (missing counts 0).";

function ExportButton({ course }: { course: CourseDetail }) {
  const fileName = `gradebook-${course.courseCode || course._id}-${new Date().toISOString().slice(0, 10)}.csv`;
  const exporting = useExportGradebook(course._id, fileName);
  return (
    <Button
      variant="outline"
      disabled={exporting.isPending}
      onClick={() =>
        exporting.mutate(undefined, {
          onError: (error) =>
            toast.error("Export failed", { description: messageOf(error, "The gradebook could not be exported.") }),
        })
      }
    >
      {exporting.isPending ? <Spinner className="size-4" label="Exporting" /> : <Download aria-hidden="true" />}
      Export CSV
    </Button>
  );
}

/**
 * The course gradebook (issue 10): managers see every learner × published assessment, searched
 * and paged on the server, and export it; a learner sees their own row.
 */
export function GradebookTab({ course, manages }: { course: CourseDetail; manages: boolean }) {
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
          <CardTitle className="text-lg">{manages ? "Gradebook" : "Your grades"}</CardTitle>
          <CardDescription>
            {manages && book
              ? `${total} ${total === 1 ? "learner" : "learners"}${search ? ` matching "${search}"` : ""}. `
              : ""}
            {GRADE_RULE}
          </CardDescription>
        </div>
        {manages && <ExportButton course={course} />}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {manages && (
          <SearchField
            label="Search learners by name or e-mail"
            placeholder="Search learners..."
            value={term}
            onChange={setTerm}
          />
        )}
        {query.isError && !book ? (
          <ErrorState title="We couldn't load the gradebook" onRetry={() => void query.refetch()} />
        ) : !book ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label="Loading gradebook" />
          </div>
        ) : book.assessments.length === 0 ? (
          <EmptyState
            icon={ClipboardCheck}
            title="No published assessments yet"
            description="Grades appear here once the course has published quizzes, assignments or exams."
          />
        ) : book.rows.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground text-sm">
            {search ? "No learners match your search." : "No learners are enrolled yet."}
          </p>
        ) : (
          <>
            <GradebookTable
              book={book}
              busy={query.isPlaceholderData}
              caption={manages ? `Gradebook of ${course.title}` : `Your grades in ${course.title}`}
            />
            <Pagination page={page} pages={book.pagination.pages} onPage={setPage} label="Gradebook pages" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
