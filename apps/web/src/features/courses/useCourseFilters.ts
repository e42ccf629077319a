import { useSearchParams } from "react-router";

/** Search, category and page of a course list, kept in the address so the nav search box can set them. */
export function useCourseFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const category = params.get("category") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

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
