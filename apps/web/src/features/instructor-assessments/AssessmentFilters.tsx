import { ASSESSMENT_LIST_STATES, ASSESSMENT_TYPES, type AssessmentListState, type AssessmentType } from "@lms/contract";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useSearchAsYouType } from "@/lib/useSearchAsYouType";

export interface AssessmentFilterValues {
  courseId: string;
  type: AssessmentType | "";
  state: AssessmentListState | "";
  search: string;
}

interface AssessmentFiltersProps {
  values: AssessmentFilterValues;
  courses: { _id: string; title: string }[];
  onChange: (changes: Partial<AssessmentFilterValues>) => void;
}

/** Course, type and state selects and a title search; the search is sent once typing pauses. */
export function AssessmentFilters({ values, courses, onChange }: AssessmentFiltersProps) {
  const { t } = useTranslation("instructor-assessments");
  const search = useSearchAsYouType(values.search, (next) => onChange({ search: next }));

  return (
    <search aria-label={t("filters.label")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid gap-2">
        <Label htmlFor="assessments-course">{t("filters.course")}</Label>
        <NativeSelect
          id="assessments-course"
          value={values.courseId}
          onChange={(event) => onChange({ courseId: event.target.value })}
        >
          <option value="">{t("filters.allCourses")}</option>
          {courses.map((course) => (
            <option key={course._id} value={course._id}>
              {course.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="assessments-type">{t("filters.type")}</Label>
        <NativeSelect
          id="assessments-type"
          value={values.type}
          onChange={(event) => onChange({ type: event.target.value as AssessmentType | "" })}
        >
          <option value="">{t("filters.allTypes")}</option>
          {ASSESSMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="assessments-state">{t("filters.state")}</Label>
        <NativeSelect
          id="assessments-state"
          value={values.state}
          onChange={(event) => onChange({ state: event.target.value as AssessmentListState | "" })}
        >
          <option value="">{t("filters.allStates")}</option>
          {ASSESSMENT_LIST_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="assessments-search">{t("filters.search")}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="assessments-search"
            type="search"
            maxLength={100}
            placeholder={t("filters.searchPlaceholder")}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
    </search>
  );
}
