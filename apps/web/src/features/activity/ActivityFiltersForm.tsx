import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActivityFilters } from "@/api/activities";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

interface ActivityFiltersFormProps {
  applied: ActivityFilters;
  types: { value: string; label: string }[];
  onApply: (filters: ActivityFilters) => void;
  onClear: () => void;
}

const EMPTY = { search: "", type: "", startDate: "", endDate: "" };

/** Search, type and dates, taken into the list by Apply (spec §2); Clear empties them all. */
export function ActivityFiltersForm({ applied, types, onApply, onClear }: ActivityFiltersFormProps) {
  const { t } = useTranslation("activity");
  const [draft, setDraft] = useState({ ...EMPTY, ...applied });
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    setLastApplied(applied);
    setDraft({ ...EMPTY, ...applied });
  }
  const rangeWrong = Boolean(draft.startDate && draft.endDate && draft.startDate > draft.endDate);
  const set = (key: keyof typeof EMPTY) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeWrong) return;
    onApply({ search: draft.search.trim(), type: draft.type, startDate: draft.startDate, endDate: draft.endDate });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
      <div className="space-y-1.5">
        <Label htmlFor="activity-search">{t("filters.search")}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
          />
          <Input
            id="activity-search"
            type="search"
            className="pl-9"
            placeholder={t("filters.searchPlaceholder")}
            value={draft.search}
            maxLength={100}
            onChange={(event) => set("search")(event.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="activity-type">{t("filters.type")}</Label>
        <NativeSelect id="activity-type" value={draft.type} onChange={(event) => set("type")(event.target.value)}>
          <option value="">{t("filters.allTypes")}</option>
          {types.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="activity-start">{t("filters.startDate")}</Label>
        <Input
          id="activity-start"
          type="date"
          value={draft.startDate}
          onChange={(event) => set("startDate")(event.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="activity-end">{t("filters.endDate")}</Label>
        <Input
          id="activity-end"
          type="date"
          value={draft.endDate}
          aria-invalid={rangeWrong || undefined}
          aria-describedby={rangeWrong ? "activity-range-error" : undefined}
          onChange={(event) => set("endDate")(event.target.value)}
        />
        {rangeWrong && (
          <p id="activity-range-error" className="text-destructive text-sm">
            {t("filters.rangeError")}
          </p>
        )}
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={rangeWrong}>
          {t("filters.apply")}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setDraft(EMPTY);
            onClear();
          }}
        >
          {t("filters.clear")}
        </Button>
      </div>
    </form>
  );
}
