import { type BulkUpdateUsersInput, ROLES, type Role, USER_STATUSES } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ROLE_LABELS } from "@/auth/roles";
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
    <section aria-label="Bulk actions" className="grid gap-3 rounded-lg border bg-muted/30 p-3">
      <p className="text-sm font-medium">{count} user(s) selected</p>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect aria-label="Set role" value={role} onChange={(event) => setRole(event.target.value)}>
          <option value="">Role unchanged</option>
          {ROLES.filter((value) => value !== "super_admin" || actorRole === "super_admin").map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Set status" value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">Status unchanged</option>
          {USER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <Input
          aria-label="Set credits"
          aria-invalid={!creditsValid}
          type="number"
          min={0}
          step={1}
          placeholder="Credits unchanged"
          className="w-44"
          value={credits}
          onChange={(event) => setCredits(event.target.value)}
        />
        <Button disabled={busy || nothing || !creditsValid} onClick={apply}>
          Apply to selected
        </Button>
        <Button variant="destructive" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete selected
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </section>
  );
}
