import { ROLES, USER_STATUSES } from "@lms/contract";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { STATUS_LABELS } from "@/lib/user-status";

interface UserFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  role: string;
  onRole: (value: string) => void;
  status: string;
  onStatus: (value: string) => void;
}

/** Search (applied by the server after a pause in typing), role and status. */
export function UserFilters({ search, onSearch, role, onRole, status, onStatus }: UserFiltersProps) {
  const { t } = useTranslation("users");
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
      <div className="relative">
        <Label htmlFor="user-search" className="sr-only">
          {t("filters.search")}
        </Label>
        <Search
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="user-search"
          type="search"
          placeholder={t("filters.searchPlaceholder")}
          className="pl-9"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <NativeSelect aria-label={t("filters.role")} value={role} onChange={(event) => onRole(event.target.value)}>
        <option value="">{t("filters.allRoles")}</option>
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`roles.${value}`, { ns: "common" })}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label={t("filters.status")} value={status} onChange={(event) => onStatus(event.target.value)}>
        <option value="">{t("filters.allStatuses")}</option>
        {USER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {STATUS_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
