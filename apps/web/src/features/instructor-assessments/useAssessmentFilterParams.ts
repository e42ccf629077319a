import { ASSESSMENT_LIST_STATES, ASSESSMENT_TYPES, type AssessmentListState, type AssessmentType } from "@lms/contract";
import { useUrlFilters } from "@/lib/useUrlFilters";
import type { AssessmentFilterValues } from "./AssessmentFilters";

const PARAMS = { courseId: "course", type: "type", state: "state", search: "q" };
const isType = (value: string): value is AssessmentType => (ASSESSMENT_TYPES as readonly string[]).includes(value);
const isState = (value: string): value is AssessmentListState =>
  (ASSESSMENT_LIST_STATES as readonly string[]).includes(value);

/** The list's filters and page live in the address (course, type, state, q, page); unknown values are ignored. */
export function useAssessmentFilterParams() {
  const { values, page, setFilters, setPage } = useUrlFilters(PARAMS);
  const filters: AssessmentFilterValues = {
    courseId: values.courseId,
    type: isType(values.type) ? values.type : "",
    state: isState(values.state) ? values.state : "",
    search: values.search,
  };
  return { values: filters, page, setFilters, setPage };
}
