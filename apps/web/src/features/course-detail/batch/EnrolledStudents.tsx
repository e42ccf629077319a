import { type Student, USER_PAGE_SIZE_DEFAULT } from "@lms/contract";
import { UserMinus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRemoveStudent, useStudents } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { roleLabel } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { UserAvatar } from "@/components/UserAvatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate } from "@/lib/datetime";
import { formatPercent } from "@/lib/format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useFitPage, usePagedSearch } from "./paging";
import { SearchField } from "./SearchField";

/** The course's students, a page at a time, searched by name or e-mail on the server. */
export function EnrolledStudents({ courseId }: { courseId: string }) {
  const { t } = useTranslation("course-detail");
  const { term, setTerm, search, page, setPage } = usePagedSearch();
  const students = useStudents(courseId, { page, limit: USER_PAGE_SIZE_DEFAULT, search: search || undefined });
  const remove = useRemoveStudent(courseId);
  const data = students.data;
  useFitPage(page, students.isPlaceholderData ? undefined : data?.pagination.pages, setPage);

  const removeOne = (student: Student) =>
    remove.mutate(student._id, {
      onSuccess: (message) => toast.success(message ?? COURSE_UI.successTitle),
      onError: (error) =>
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.removeStudentFailed) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("batch.enrolled.title")}</CardTitle>
        <CardDescription>
          {!data
            ? t("batch.enrolled.description")
            : search
              ? t("batch.enrolled.matching", { count: data.pagination.total, search })
              : t("batch.enrolled.inCourse", { count: data.pagination.total })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          label={t("batch.enrolled.searchLabel")}
          placeholder={t("batch.enrolled.searchPlaceholder")}
          value={term}
          onChange={setTerm}
        />
        {students.isError && !data ? (
          <ErrorState title={t("batch.enrolled.loadFailed")} onRetry={() => void students.refetch()} />
        ) : !data ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("batch.enrolled.loading")} />
          </div>
        ) : data.students.length === 0 ? (
          search ? (
            <p className="py-4 text-center text-sm text-muted-foreground">{t("batch.enrolled.noMatch")}</p>
          ) : (
            <EmptyState icon={Users} title={t("batch.enrolled.empty")} description={t("batch.enrolled.emptyHint")} />
          )
        ) : (
          <>
            <ul
              aria-label={t("batch.enrolled.title")}
              aria-busy={students.isPlaceholderData}
              className={cn("grid gap-2", students.isPlaceholderData && "opacity-60")}
            >
              {data.students.map((student) => (
                <li key={student._id} className="flex items-center gap-3 rounded-lg border p-3">
                  <UserAvatar user={{ name: student.name, profile: { avatar: student.avatar } }} />
                  <div className="grid min-w-0 flex-1">
                    <span className="flex min-w-0 items-center gap-2">
                      <span className="truncate font-medium">{student.name}</span>
                      {student.role !== "learner" && (
                        <Badge variant="outline" className="shrink-0">
                          {roleLabel(student.role)}
                        </Badge>
                      )}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">
                      {student.email} · {formatPercent(student.progress)} ·{" "}
                      {t("batch.enrolled.since", { date: formatDate(student.enrolledAt) })}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending && remove.variables === student._id}
                    onClick={() => removeOne(student)}
                    aria-label={t("batch.enrolled.removeOne", { name: student.name })}
                  >
                    <UserMinus aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">{t("batch.enrolled.remove")}</span>
                  </Button>
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={t("batch.enrolled.pages")} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
