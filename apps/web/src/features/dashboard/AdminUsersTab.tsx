import { UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUserPage } from "@/api/user-admin";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/datetime";
import { UserBadges } from "./user-badges";

/** The Users tab: the ten newest users with role, status, credits and join date (spec §2, §9). */
export function AdminUsersTab() {
  const query = useUserPage({ page: 1, limit: 10 });
  const { t } = useTranslation("dashboard");
  if (query.isPending) {
    return (
      <div role="status" aria-label={t("usersTab.loading")} className="grid gap-2">
        {Array.from({ length: 5 }, (_, i) => i).map((slot) => (
          <Skeleton key={slot} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState title={t("usersTab.loadFailed")} onRetry={() => query.refetch()} />;
  if (query.data.users.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={t("usersTab.empty")}
        action={
          <Button asChild size="sm">
            <Link to="/admin/users">
              <UserPlus aria-hidden="true" />
              {t("usersTab.addUser")}
            </Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("usersTab.caption")}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="p-3 font-medium">
              {t("usersTab.user")}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t("usersTab.roleAndStatus")}
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              {t("usersTab.credits")}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t("usersTab.joined")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {query.data.users.map((user) => (
            <tr key={user._id} data-testid="users-tab-row">
              <td className="max-w-56 p-3">
                <div className="truncate font-medium">{user.name}</div>
                <div className="truncate text-muted-foreground">{user.email}</div>
              </td>
              <td className="p-3">
                <UserBadges user={user} />
              </td>
              <td className="p-3 text-right tabular-nums">{user.credits}</td>
              <td className="whitespace-nowrap p-3">{formatDate(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
