import { Search, X } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCategories } from "@/api/categories";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useSearchAsYouType } from "@/lib/useSearchAsYouType";
import type { CourseFilters } from "./useCourseFilters";

/** Search (applied as one types) and category filter of a course list. */
export function CourseFiltersBar({ filters, label }: { filters: CourseFilters; label: string }) {
  const { t } = useTranslation("courses");
  const categories = useCategories();
  const search = useSearchAsYouType(filters.search, filters.setSearch);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search.submit();
  }

  return (
    <search aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <form onSubmit={submit} className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t("filters.searchLabel")}
          placeholder={t("filters.searchPlaceholder")}
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          maxLength={100}
          className="pl-9"
        />
      </form>
      <NativeSelect
        aria-label={t("filters.category")}
        value={filters.category}
        onChange={(event) => filters.setCategory(event.target.value)}
        className="sm:w-52"
      >
        <option value="">{t("filters.allCategories")}</option>
        {categories.data?.map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </NativeSelect>
      {(filters.search || filters.category) && (
        <Button variant="ghost" onClick={filters.clear}>
          <X aria-hidden="true" />
          {t("filters.clear")}
        </Button>
      )}
    </search>
  );
}
