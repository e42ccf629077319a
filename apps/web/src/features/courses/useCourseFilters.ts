import { useSearchParamUpdates } from "@/lib/useSearchParamUpdates";

/** Search, category and page of a course list, kept in the address so the nav search box can set them. */
export function useCourseFilters() {
  const [params, update] = useSearchParamUpdates();
  const search = params.get("search") ?? "";
  const category = params.get("category") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  return {
    search,
    category,
    page,
    setSearch: (value: string) => update({ search: value.trim(), page: "" }),
    setCategory: (value: string) => update({ category: value, page: "" }),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : "" }),
    clear: () => update({ search: "", category: "", page: "" }),
  };
}

export type CourseFilters = ReturnType<typeof useCourseFilters>;
