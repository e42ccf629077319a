import { isMaterialType } from "@/components/material/material-types";
import { useUrlFilters } from "@/lib/useUrlFilters";
import type { MaterialFilterValues } from "./MaterialFilters";

const PARAMS = { courseId: "course", type: "type", search: "q" };

/** The list's filters and page live in the address (course, type, q, page), so a filtered view can be shared. */
export function useMaterialFilterParams() {
  const { values, page, setFilters, setPage } = useUrlFilters(PARAMS);
  const filters: MaterialFilterValues = {
    courseId: values.courseId,
    type: isMaterialType(values.type) ? values.type : "",
    search: values.search,
  };
  return { values: filters, page, setFilters, setPage };
}
