import { FileText, SearchX, Upload } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { useWorkspaceMaterials } from "@/api/materials";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { MaterialRow } from "@/components/material/MaterialRow";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { MaterialFilters } from "./MaterialFilters";
import { useMaterialFilterParams } from "./useMaterialFilterParams";

export const MATERIALS_PAGE_SIZE = 10;

function UploadButton() {
  const { t } = useTranslation("materials");
  return (
    <Button asChild>
      <Link to="/instructor/materials/new">
        <Upload aria-hidden="true" />
        {t("upload")}
      </Link>
    </Button>
  );
}

/** /instructor/materials: every material of the courses one manages (admins: all), filtered and paged on the server. */
export function InstructorMaterialsPage() {
  const { t } = useTranslation("materials");
  const { values, page, setFilters, setPage } = useMaterialFilterParams();
  const courses = useManagedCourseOptions();
  const materials = useWorkspaceMaterials({
    page,
    limit: MATERIALS_PAGE_SIZE,
    courseId: values.courseId || undefined,
    type: values.type || undefined,
    search: values.search || undefined,
  });
  // A page past the end (an old address) moves to the last page there is.
  const lastPage = materials.data?.pagination.pages ?? 0;
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);
  const filtered = Boolean(values.courseId || values.type || values.search);
  const clearFilters = () => setFilters({ courseId: "", type: "", search: "" });

  let body: ReactNode;
  if (materials.isPending) {
    body = (
      <div role="status" aria-label={t("list.loading")} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (materials.isError) {
    body = <ErrorState title={t("list.loadFailed")} onRetry={() => materials.refetch()} />;
  } else if (materials.data.materials.length === 0) {
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
      <EmptyState icon={FileText} title={t("list.empty")} description={t("list.emptyHint")} action={<UploadButton />} />
    );
  } else {
    const { materials: list, pagination } = materials.data;
    body = (
      <>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {t("list.count", { count: pagination.total })}
        </p>
        <ul aria-label={t("list.label")} aria-busy={materials.isPlaceholderData} className="grid gap-3">
          {list.map((material) => (
            <li key={material._id}>
              <MaterialRow material={material} course={{ id: material.courseId, title: material.courseTitle }} />
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
        <UploadButton />
      </header>
      <MaterialFilters values={values} courses={courses.data ?? []} onChange={setFilters} />
      {body}
    </div>
  );
}
