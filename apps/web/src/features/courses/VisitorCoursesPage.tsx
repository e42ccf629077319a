import { PageMeta, usePageTitle } from "@/components/PageMeta";
import { useSiteName } from "@/components/site-name";
import { Catalogue } from "./Catalogue";
import { useCourseFilters } from "./useCourseFilters";

/** /courses for a signed-out visitor: the published catalogue, to see what is on offer before signing up. */
export function VisitorCoursesPage() {
  const filters = useCourseFilters();
  const title = usePageTitle("Course Catalogue");
  const siteName = useSiteName();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <PageMeta
        title={title}
        description={`Browse ${siteName}'s published courses: search by title, filter by category, and read what each course teaches before you enroll.`}
      />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Explore our courses</h1>
        <p className="mt-1 text-muted-foreground">
          See what each course teaches and who teaches it. Sign in or create a free account to enroll.
        </p>
      </header>
      <Catalogue filters={filters} />
    </div>
  );
}
