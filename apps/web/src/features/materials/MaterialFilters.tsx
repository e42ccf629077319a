import { MATERIAL_TYPES, type MaterialType } from "@lms/contract";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MATERIAL_TYPE_LABELS } from "@/components/material/material-types";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useSearchAsYouType } from "@/lib/useSearchAsYouType";

export interface MaterialFilterValues {
  courseId: string;
  type: MaterialType | "";
  search: string;
}

interface MaterialFiltersProps {
  values: MaterialFilterValues;
  courses: { _id: string; title: string }[];
  onChange: (changes: Partial<MaterialFilterValues>) => void;
}

/** Course and type selects and a title search; the search is sent once typing pauses. */
export function MaterialFilters({ values, courses, onChange }: MaterialFiltersProps) {
  const { t } = useTranslation("materials");
  const search = useSearchAsYouType(values.search, (next) => onChange({ search: next }));

  return (
    <search
      aria-label={t("filters.label")}
      className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)]"
    >
      <div className="grid gap-2">
        <Label htmlFor="materials-course">{t("filters.course")}</Label>
        <NativeSelect
          id="materials-course"
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
        <Label htmlFor="materials-type">{t("filters.type")}</Label>
        <NativeSelect
          id="materials-type"
          value={values.type}
          onChange={(event) => onChange({ type: event.target.value as MaterialType | "" })}
        >
          <option value="">{t("filters.allTypes")}</option>
          {MATERIAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {MATERIAL_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="materials-search">{t("filters.search")}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="materials-search"
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
