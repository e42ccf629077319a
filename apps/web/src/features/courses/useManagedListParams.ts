import { COURSE_STATES, type CourseState, MANAGED_COURSE_SORTS, type ManagedCourseSort } from "@lms/contract";
import { useSearchParamUpdates } from "@/lib/useSearchParamUpdates";

export type ManagedView = "table" | "grid";
type Order = "asc" | "desc";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The admin list's state filter, sort and view, kept in the address next to search, category and page. */
export function useManagedListParams() {
  const [params, update] = useSearchParamUpdates();
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
