import { FileText, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDashboardMaterials } from "@/api/materials";
import { formatDate } from "@/lib/datetime";
import { DashboardListCard } from "./DashboardListCard";

export const DASHBOARD_MATERIALS = 3;

/** The instructor dashboard's newest course materials (first 3) with View All (spec §2). */
export function MaterialsCard() {
  const query = useDashboardMaterials(DASHBOARD_MATERIALS);
  const { t } = useTranslation("dashboard");
  return (
    <DashboardListCard
      id="materials-title"
      title={t("materials.title")}
      viewAllTo="/instructor/materials"
      query={query}
      items={query.data?.materials}
      placeholders={DASHBOARD_MATERIALS}
      loadingLabel={t("materials.loading")}
      errorTitle={t("materials.loadFailed")}
      empty={{
        icon: FileText,
        title: t("materials.empty"),
        actionTo: "/instructor/materials/new",
        actionIcon: Upload,
        actionLabel: t("materials.upload"),
      }}
      itemKey={(material) => material._id}
      renderItem={(material) => (
        <>
          <Link
            to={`/courses/${material.courseId}`}
            className="break-words font-medium hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {material.title}
          </Link>
          <p className="truncate text-muted-foreground text-xs">
            {material.courseTitle} · {formatDate(material.uploadDate)}
          </p>
        </>
      )}
    />
  );
}
