import type { Role, User } from "@lms/contract";
import { Award, LogOut, Pencil, Power, ShieldOff, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AccountSecurityAction } from "@/api/user-admin";
import { SelectAllHeader } from "@/components/SelectAllHeader";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { STATUS_LABELS } from "@/lib/user-status";

interface UsersTableProps {
  users: User[];
  actor: { id: string; role: Role };
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onDelete: (user: User) => void;
  onSecurity: (user: User, action: AccountSecurityAction) => void;
  onCertificates: (user: User) => void;
  busy: boolean;
}

/**
 * The user list with row selection; a super_admin row never has a Delete button (spec §6). Below
 * sm each row stacks as a card (name, role and status, credits, actions), so nothing hides behind
 * a horizontal scroll.
 */
export function UsersTable({
  users,
  actor,
  selected,
  onSelect,
  onEdit,
  onToggle,
  onDelete,
  onSecurity,
  onCertificates,
  busy,
}: UsersTableProps) {
  const { t } = useTranslation("users");
  // Only a super_admin changes a super_admin (ARCHITECTURE §5).
  const mayChange = (user: User) => user.role !== "super_admin" || actor.role === "super_admin";
  // Ending an admin's sessions or resetting their two-factor: a super admin only.
  const maySecure = (user: User) =>
    (user.role !== "admin" && user.role !== "super_admin") || actor.role === "super_admin";
  const unavailableReason = (user: User) =>
    !mayChange(user)
      ? t("unavailable.superAdminOnly")
      : user._id === actor.id
        ? t("unavailable.notYourself")
        : undefined;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm max-sm:block">
        <thead className="bg-muted/50 text-left text-muted-foreground max-sm:block">
          <tr className="max-sm:flex max-sm:items-center">
            <SelectAllHeader
              label={t("table.selectAll")}
              ids={users.map((user) => user._id)}
              selected={selected}
              onSelect={onSelect}
            />
            <th className="p-3 font-medium">{t("table.user")}</th>
            <th className="p-3 font-medium max-sm:hidden">{t("table.role")}</th>
            <th className="p-3 font-medium max-sm:hidden">{t("table.status")}</th>
            <th className="p-3 text-right font-medium max-sm:hidden">{t("table.credits")}</th>
            <th className="p-3 text-right font-medium max-sm:hidden">{t("table.actions")}</th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {users.map((user) => (
            <tr
              key={user._id}
              className="border-t max-sm:grid max-sm:grid-cols-[2.5rem_minmax(0,1fr)_auto] max-sm:items-center"
              data-testid="user-row"
            >
              <td className="p-3 max-sm:row-span-3 max-sm:self-start">
                <input
                  type="checkbox"
                  aria-label={t("table.select", { name: user.name })}
                  checked={selected.has(user._id)}
                  onChange={(event) => onSelect([user._id], event.target.checked)}
                />
              </td>
              <td className="max-w-56 p-3 max-sm:col-span-2 max-sm:max-w-none max-sm:pb-1 max-sm:pl-0">
                <div className="truncate font-medium">{user.name}</div>
                <div className="truncate text-muted-foreground">{user.email}</div>
                <div className="text-muted-foreground sm:hidden">
                  {t("table.credits")}: <span className="tabular-nums">{user.credits}</span>
                </div>
              </td>
              <td className="p-3 max-sm:py-1 max-sm:pl-0">
                <Badge variant={user.role === "learner" ? "outline" : "secondary"}>
                  {t(`roles.${user.role}`, { ns: "common" })}
                </Badge>
              </td>
              <td className="p-3 max-sm:py-1">
                <Badge variant={user.status === "active" ? "success" : "outline"}>{STATUS_LABELS[user.status]}</Badge>
              </td>
              <td className="p-3 text-right tabular-nums max-sm:hidden">{user.credits}</td>
              <td className="p-3 max-sm:col-span-2 max-sm:pt-0 max-sm:pl-0">
                <div className="flex flex-wrap justify-end gap-1 max-sm:justify-start">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("table.edit", { name: user.name })}
                    disabled={!mayChange(user)}
                    disabledReason={t("unavailable.superAdminOnly")}
                    onClick={() => onEdit(user)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t(user.status === "active" ? "table.deactivate" : "table.activate", {
                      name: user.name,
                    })}
                    disabled={busy || !mayChange(user) || user._id === actor.id}
                    disabledReason={unavailableReason(user)}
                    onClick={() => onToggle(user)}
                  >
                    <Power aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("table.signOutEverywhere", { name: user.name })}
                    title={t("table.signOutEverywhere", { name: user.name })}
                    disabled={!maySecure(user)}
                    disabledReason={t("unavailable.securedBySuperAdmin")}
                    onClick={() => onSecurity(user, "signOutEverywhere")}
                  >
                    <LogOut aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("table.resetTwoFactor", { name: user.name })}
                    title={t("table.resetTwoFactor", { name: user.name })}
                    disabled={!maySecure(user)}
                    disabledReason={t("unavailable.securedBySuperAdmin")}
                    onClick={() => onSecurity(user, "resetTwoFactor")}
                  >
                    <ShieldOff aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("table.certificates", { name: user.name })}
                    title={t("table.certificates", { name: user.name })}
                    onClick={() => onCertificates(user)}
                  >
                    <Award aria-hidden="true" />
                  </Button>
                  {user.role !== "super_admin" && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t("table.delete", { name: user.name })}
                      disabled={user._id === actor.id}
                      disabledReason={t("unavailable.notYourself")}
                      onClick={() => onDelete(user)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
