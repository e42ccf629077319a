import { useTranslation } from "react-i18next";
import { useAuth } from "@/auth/auth-context";
import { courseAreaFor } from "@/auth/roles";
import { PageTitle } from "@/components/PageMeta";
import { CreateCourseDialog } from "./CreateCourseDialog";
import { ImportCartridgeButton } from "./ImportCartridgeDialog";
import { LearnerCourses } from "./LearnerCourses";
import { ManagedCourses } from "./ManagedCourses";
import { useCourseFilters } from "./useCourseFilters";

const HEADINGS = { "/admin": "page.admin", "/instructor": "page.instructor" } as const;

/** Spec §2 "Course list": the title and the list depend on the role. */
export function CoursesPage() {
  const { t } = useTranslation("courses");
  const { user } = useAuth();
  const filters = useCourseFilters();
  if (!user) return null;
  const area = courseAreaFor(user.role);
  const heading = area ? HEADINGS[area] : "page.learner";
  const title = t(`${heading}.title`);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <PageTitle name={title} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-muted-foreground">{t(`${heading}.subtitle`)}</p>
        </div>
        {area && (
          <div className="flex flex-wrap gap-2">
            <ImportCartridgeButton area={area} />
            <CreateCourseDialog area={area} />
          </div>
        )}
      </header>
      {area ? <ManagedCourses area={area} filters={filters} /> : <LearnerCourses filters={filters} />}
    </div>
  );
}
