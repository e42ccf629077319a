import { addStudentsSchema, USER_PAGE_SIZE_DEFAULT } from "@lms/contract";
import { UserPlus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAddStudents, useEnrollmentCandidates } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { UserAvatar } from "@/components/UserAvatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useFitPage, usePagedSearch } from "./paging";
import { SearchField } from "./SearchField";
import { SelectedUsers } from "./SelectedUsers";
import { allPicked, isFull, SELECTION_MAX, type Selection, toggle, togglePage, without } from "./selection";

/**
 * The users not in the course, a page at a time, searched by name or e-mail on the server; add
 * one, or pick several across pages and searches and add them together.
 */
export function AddStudents({ courseId }: { courseId: string }) {
  const { t } = useTranslation("course-detail");
  const { term, setTerm, search, page, setPage } = usePagedSearch();
  const [selected, setSelected] = useState<Selection>(new Map());
  const candidates = useEnrollmentCandidates(courseId, {
    page,
    limit: USER_PAGE_SIZE_DEFAULT,
    search: search || undefined,
  });
  const add = useAddStudents(courseId);
  const data = candidates.data;
  const users = data?.users ?? [];
  const full = isFull(selected);
  useFitPage(page, candidates.isPlaceholderData ? undefined : data?.pagination.pages, setPage);

  /** Spec §5 "Add students": ids must be 24-character hex; an empty list is skipped. */
  const addUsers = (ids: string[]) => {
    if (ids.length === 0) return;
    const parsed = addStudentsSchema.safeParse({ userIds: ids });
    if (!parsed.success) {
      toast.error(COURSE_UI.errorTitle, { description: parsed.error.issues[0]?.message });
      return;
    }
    add.mutate(parsed.data.userIds, {
      onSuccess: ({ message }) => {
        toast.success(message ?? COURSE_UI.successTitle);
        setSelected((current) => without(current, ids));
      },
      onError: (error) =>
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.addUsersFailed) }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("batch.add.title")}</CardTitle>
        <CardDescription>{t("batch.add.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          label={t("batch.add.searchLabel")}
          placeholder={t("batch.add.searchPlaceholder")}
          value={term}
          onChange={setTerm}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            disabled={selected.size === 0 || add.isPending}
            onClick={() => addUsers([...selected.keys()])}
          >
            {add.isPending ? <Spinner /> : <UserPlus aria-hidden="true" />}
            {t("batch.add.addSelected", { count: selected.size })}
          </Button>
          <Button variant="ghost" size="sm" disabled={selected.size === 0} onClick={() => setSelected(new Map())}>
            <X aria-hidden="true" />
            {t("batch.add.clearSelection")}
          </Button>
          {full && (
            <span className="text-xs text-muted-foreground">{t("batch.add.atMost", { max: SELECTION_MAX })}</span>
          )}
        </div>
        <SelectedUsers selection={selected} onUnselect={(id) => setSelected((current) => without(current, [id]))} />
        {candidates.isError && !data ? (
          <ErrorState title={t("batch.add.loadFailed")} onRetry={() => void candidates.refetch()} />
        ) : !data ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("batch.add.loading")} />
          </div>
        ) : users.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">
            {search ? t("batch.add.noMatch") : t("batch.add.allEnrolled")}
          </p>
        ) : (
          <>
            <label className="flex items-center gap-3 px-3 text-sm text-muted-foreground">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={allPicked(selected, users)}
                disabled={full && !allPicked(selected, users)}
                onChange={() => setSelected((current) => togglePage(current, users))}
              />
              {t("batch.add.selectPage")}
            </label>
            <ul
              aria-label={t("batch.add.listLabel")}
              aria-busy={candidates.isPlaceholderData}
              className={cn("grid gap-2", candidates.isPlaceholderData && "opacity-60")}
            >
              {users.map((user) => (
                <li key={user._id} className="flex items-center gap-3 rounded-lg border p-3">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={selected.has(user._id)}
                    disabled={full && !selected.has(user._id)}
                    onChange={() => setSelected((current) => toggle(current, user))}
                    aria-label={t("batch.add.select", { name: user.name })}
                  />
                  <UserAvatar user={{ name: user.name, profile: { avatar: user.avatar } }} className="size-8" />
                  <div className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{user.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={add.isPending}
                    onClick={() => addUsers([user._id])}
                    aria-label={t("batch.add.addOne", { name: user.name })}
                  >
                    <UserPlus aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">{t("batch.add.add")}</span>
                  </Button>
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={t("batch.add.pages")} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
