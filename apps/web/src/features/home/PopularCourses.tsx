import { LIMITS } from "@lms/contract";
import { ArrowRight, SearchX } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCategories } from "@/api/categories";
import { useCourses } from "@/api/courses";
import { CourseCard, CourseCardSkeleton } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { CategoryChips } from "./CategoryChips";

const SKELETON_KEYS = Array.from({ length: LIMITS.homeCourses }, (_, i) => `skeleton-${i}`);

export function PopularCourses() {
  const { t } = useTranslation("home");
  const [category, setCategory] = useState<string | null>(null);
  const categories = useCategories();
  const courses = useCourses({ limit: LIMITS.homeCourses, sort: "popular", category: category ?? undefined });
  // The cards render in the background once their answer arrives (below the first screen; the page stays
  // responsive meanwhile).
  const list = useDeferredValue(courses.data)?.courses.slice(0, LIMITS.homeCourses);

  return (
    <section id="courses" aria-labelledby="courses-title" className="border-y bg-muted/40">
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-16 sm:px-6">
        <div className="grid gap-2 text-center">
          <h2 id="courses-title" className="font-bold text-3xl tracking-tight">
            {t("popular.title")}
          </h2>
          <p className="text-muted-foreground">{t("popular.text")}</p>
        </div>
        <div className="flex justify-center">
          <CategoryChips
            categories={categories.data}
            loading={categories.isPending}
            selected={category}
            onSelect={setCategory}
          />
        </div>
        {courses.isError && !list ? (
          <ErrorState
            title={t("popular.loadFailed")}
            description={t("popular.checkConnection")}
            onRetry={() => void courses.refetch()}
          />
        ) : !list ? (
          <div aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {SKELETON_KEYS.map((key) => (
              <CourseCardSkeleton key={key} />
            ))}
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={category ? t("popular.emptyCategory") : t("popular.empty")}
            description={t("popular.emptyHint")}
          />
        ) : (
          <ul
            aria-busy={courses.isPlaceholderData}
            className={cn(
              "grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3",
              courses.isPlaceholderData && "opacity-60",
            )}
          >
            {list.map((course) => (
              <li key={course._id} className="grid">
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-center">
          <Button variant="outline" asChild>
            <Link to="/courses">
              {t("popular.browseAll")}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
