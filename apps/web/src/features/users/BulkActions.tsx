import { type BulkUpdateUsersInput, ROLES, type Role, USER_STATUSES } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { STATUS_LABELS } from "@/lib/user-status";

interface BulkActionsProps {
  count: number;
  actorRole: Role;
  busy: boolean;
  onApply: (updates: BulkUpdateUsersInput["updates"]) => void;
  onDelete: () => void;
  onClear: () => void;
}

/** With rows selected: one role, status and/or credits value for all of them, or delete them all. */
export function BulkActions({ count, actorRole, busy, onApply, onDelete, onClear }: BulkActionsProps) {
  const { t } = useTranslation("users");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [credits, setCredits] = useState("");
  const creditsValue = credits === "" ? undefined : Number(credits);
  const creditsValid = creditsValue === undefined || (Number.isInteger(creditsValue) && creditsValue >= 0);
  const nothing = !role && !status && creditsValue === undefined;
  const apply = () =>
    onApply({
      ...(role ? { role: role as Role } : {}),
      ...(status ? { status: status as (typeof USER_STATUSES)[number] } : {}),
      ...(creditsValue === undefined ? {} : { credits: creditsValue }),
    });

  return (
    <section aria-label={t("bulk.label")} className="grid gap-3 rounded-lg border bg-muted/30 p-3">
      <p className="text-sm font-medium">{t("bulk.selected", { count })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect aria-label={t("bulk.setRole")} value={role} onChange={(event) => setRole(event.target.value)}>
          <option value="">{t("bulk.roleUnchanged")}</option>
          {ROLES.filter((value) => value !== "super_admin" || actorRole === "super_admin").map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`, { ns: "common" })}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label={t("bulk.setStatus")}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="">{t("bulk.statusUnchanged")}</option>
          {USER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <Input
          aria-label={t("bulk.setCredits")}
          aria-invalid={!creditsValid}
          type="number"
          min={0}
          step={1}
          placeholder={t("bulk.creditsUnchanged")}
          className="w-44"
          value={credits}
          onChange={(event) => setCredits(event.target.value)}
        />
        <Button disabled={busy || nothing || !creditsValid} onClick={apply}>
          {t("bulk.apply")}
        </Button>
        <Button variant="destructive" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          {t("bulk.delete")}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onClear}>
          {t("bulk.clear")}
        </Button>
      </div>
    </section>
  );
}
