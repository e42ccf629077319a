import { FileText, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { useWorkspaceMaterials } from "@/api/materials";
import { MaterialRow } from "@/components/material/MaterialRow";
import { Button } from "@/components/ui/button";
import { WorkspaceListPage } from "@/components/WorkspaceListPage";
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

  return (
    <WorkspaceListPage
      ns="materials"
      query={materials}
      list={materials.data && { items: materials.data.materials, pagination: materials.data.pagination }}
      listLabel={t("list.label")}
      filters={<MaterialFilters values={values} courses={courses.data ?? []} onChange={setFilters} />}
      filtered={Boolean(values.courseId || values.type || values.search)}
      onClearFilters={() => setFilters({ courseId: "", type: "", search: "" })}
      action={<UploadButton />}
      emptyIcon={FileText}
      page={page}
      onPage={setPage}
      itemKey={(material) => material._id}
      renderItem={(material) => (
        <MaterialRow material={material} course={{ id: material.courseId, title: material.courseTitle }} />
      )}
    />
  );
}
