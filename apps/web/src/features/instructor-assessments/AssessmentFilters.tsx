import { ASSESSMENT_LIST_STATES, ASSESSMENT_TYPES, type AssessmentListState, type AssessmentType } from "@lms/contract";
import { Search } from "lucide-react";
import { useCallback } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TYPE_LABELS } from "@/lib/assessment-labels";
import { useSyncedSearch } from "@/lib/useSyncedSearch";

export interface AssessmentFilterValues {
  courseId: string;
  type: AssessmentType | "";
  state: AssessmentListState | "";
  search: string;
}

export const STATE_LABELS: Record<AssessmentListState, string> = {
  draft: "Draft",
  published: "Published",
  upcoming: "Upcoming",
  open: "Open",
  past_due: "Past due",
  needs_grading: "Needs grading",
};

interface AssessmentFiltersProps {
  values: AssessmentFilterValues;
  courses: { _id: string; title: string }[];
  onChange: (changes: Partial<AssessmentFilterValues>) => void;
}

/** Course, type and state selects and a title search; the search is sent once typing pauses. */
export function AssessmentFilters({ values, courses, onChange }: AssessmentFiltersProps) {
  const [search, setSearch] = useSyncedSearch(
    values.search,
    useCallback((next: string) => onChange({ search: next }), [onChange]),
  );

  return (
    <search aria-label="Filter assessments" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid gap-2">
        <Label htmlFor="assessments-course">Course</Label>
        <NativeSelect
          id="assessments-course"
          value={values.courseId}
          onChange={(event) => onChange({ courseId: event.target.value })}
        >
          <option value="">All courses</option>
          {courses.map((course) => (
            <option key={course._id} value={course._id}>
              {course.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="assessments-type">Type</Label>
        <NativeSelect
          id="assessments-type"
          value={values.type}
          onChange={(event) => onChange({ type: event.target.value as AssessmentType | "" })}
        >
          <option value="">All types</option>
          {ASSESSMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="assessments-state">State</Label>
        <NativeSelect
          id="assessments-state"
          value={values.state}
          onChange={(event) => onChange({ state: event.target.value as AssessmentListState | "" })}
        >
          <option value="">All states</option>
          {ASSESSMENT_LIST_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="assessments-search">Search by title</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="assessments-search"
            type="search"
            maxLength={100}
            placeholder="Search assessments"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
    </search>
  );
}
