import { COURSE_STATES, type CourseState, MANAGED_COURSE_SORTS, type ManagedCourseSort } from "@lms/contract";
import { useSearchParams } from "react-router";

export type ManagedView = "table" | "grid";
type Order = "asc" | "desc";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The admin list's state filter, sort and view, kept in the address next to search, category and page. */
export function useManagedListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) =>
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
    state: oneOf(COURSE_STATES, params.get("state")),
    sort: oneOf(MANAGED_COURSE_SORTS, params.get("sort")),
    order: oneOf<Order>(["asc", "desc"], params.get("order")),
    view: oneOf<ManagedView>(["table", "grid"], params.get("view")) ?? "table",
    setState: (state: CourseState | undefined) => update({ state, page: undefined }),
    setSort: (sort: ManagedCourseSort, order: Order) => update({ sort, order, page: undefined }),
    setView: (view: ManagedView) => update({ view: view === "table" ? undefined : view }),
  };
}

export type ManagedListParams = ReturnType<typeof useManagedListParams>;
