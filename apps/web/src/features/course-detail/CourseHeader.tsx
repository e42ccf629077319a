import type { CourseDetail } from "@lms/contract";
import { ChevronLeft, FolderPlus, GraduationCap, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { deleteFallback } from "@/lib/useFocusAfterDelete";
import type { CourseTab } from "./CourseDetailView";
import type { OpenDialog } from "./dialog-state";
import { FOCUS_GROUPS } from "./focus-groups";

interface CourseHeaderProps {
  course: CourseDetail;
  tab: CourseTab;
  /** Published or Draft (admins); the course's instructor sees Draft while it is unpublished. */
  showStatus: boolean;
  canManage: boolean;
  onOpen: OpenDialog;
}

/** Title, category, code, status and the primary button of the current tab (spec §2). */
export function CourseHeader({ course, tab, showStatus, canManage, onOpen }: CourseHeaderProps) {
  const { t } = useTranslation("course-detail");
  return (
    <header className="grid gap-4">
      <Link
        to="/courses"
        className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t("header.back")}
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-2">
          <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{course.title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {course.category && <Badge variant="secondary">{course.category}</Badge>}
            <span>
              <span className="sr-only">{t("header.courseCode")} </span>
              {course.courseCode}
            </span>
            {(showStatus || (canManage && !course.published)) && (
              <Badge variant={course.published ? "success" : "outline"}>
                {course.published ? t("status.published") : t("status.draft")}
              </Badge>
            )}
            {course.instructor && (
              <span className="flex items-center gap-1">
                <GraduationCap aria-hidden="true" className="size-4" />
                {course.instructor}
              </span>
            )}
          </div>
        </div>
        {canManage && <PrimaryAction tab={tab} onOpen={onOpen} />}
      </div>
    </header>
  );
}

function PrimaryAction({ tab, onOpen }: { tab: CourseTab; onOpen: OpenDialog }) {
  const { t } = useTranslation("course-detail");
  if (tab === "materials") {
    return (
      <Button onClick={() => onOpen({ type: "create", kind: "material" })} {...deleteFallback(FOCUS_GROUPS.materials)}>
        <Upload aria-hidden="true" />
        {t("actions.uploadMaterial")}
      </Button>
    );
  }
  // The sessions panel carries its own Schedule Session button; Assessments, Batch and Settings have none.
  if (tab === "sessions" || tab === "assessments" || tab === "batch" || tab === "settings") return null;
  return (
    <Button onClick={() => onOpen({ type: "create", kind: "module" })} {...deleteFallback(FOCUS_GROUPS.modules)}>
      <FolderPlus aria-hidden="true" />
      {t("actions.addModule")}
    </Button>
  );
}
