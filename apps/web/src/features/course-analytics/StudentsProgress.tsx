import { ANALYTICS_LIMITS, type StudentSort } from "@lms/contract";
import { Download, Search, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type StudentListParams, useExportStudents, useStudentProgress } from "@/api/course-analytics";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import { StudentsTable } from "./StudentsTable";

const SEARCH_DEBOUNCE_MS = 500;

/** Numbers read best highest first; text and dates A to Z, oldest first. */
const FIRST_ORDER: Record<StudentSort, "asc" | "desc"> = {
  name: "asc",
  email: "asc",
  progress: "desc",
  lastActivity: "desc",
  enrolledAt: "asc",
  grade: "desc",
  missing: "desc",
};

/** The course's learners: searched, sorted and paged on the server, and exported as CSV. */
export function StudentsProgress({ courseId, courseCode }: { courseId: string; courseCode: string }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<Pick<StudentListParams, "sort" | "order">>({ sort: "name", order: "asc" });
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const params = { page, limit: ANALYTICS_LIMITS.studentsPageDefault, search: settled, ...sorting };
  const query = useStudentProgress(courseId, params);
  const exporter = useExportStudents(courseId);
  const { t } = useTranslation("course-analytics");

  const onSort = (sort: StudentSort) => {
    setSorting((current) =>
      current.sort === sort
        ? { sort, order: current.order === "asc" ? "desc" : "asc" }
        : { sort, order: FIRST_ORDER[sort] },
    );
    setPage(1);
  };
  const onExport = () =>
    exporter.mutate(
      { search: settled, ...sorting, fileName: `students-${courseCode}-${new Date().toISOString().slice(0, 10)}.csv` },
      {
        onError: (error) =>
          toast.error(t("students.error"), { description: messageOf(error, t("students.exportFailed")) }),
      },
    );

  return (
    <section aria-labelledby="students-progress-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="students-progress-title" className="text-lg font-semibold">
          {t("students.title")}
        </h2>
        <Button variant="outline" onClick={onExport} disabled={exporter.isPending}>
          {exporter.isPending ? <Spinner /> : <Download aria-hidden="true" />}
          {t("students.export")}
        </Button>
      </div>
      <div className="relative max-w-sm">
        <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label={t("students.searchLabel")}
          placeholder={t("students.searchPlaceholder")}
          className="pl-9"
          maxLength={ANALYTICS_LIMITS.searchMax}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.isError ? (
        <ErrorState title={t("students.loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.students.length === 0 ? (
        <EmptyState icon={Users} title={settled ? t("students.noMatch") : t("students.empty")} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("students.count", { count: query.data.pagination.total })}
          </p>
          <StudentsTable students={query.data.students} {...sorting} onSort={onSort} />
          <Pagination
            page={query.data.pagination.page}
            pages={query.data.pagination.pages}
            onPage={setPage}
            label={t("students.pages")}
          />
        </>
      )}
    </section>
  );
}
