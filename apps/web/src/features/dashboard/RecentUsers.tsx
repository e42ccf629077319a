import { UserPlus, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useUserPage } from "@/api/user-admin";
import { formatDate } from "@/lib/datetime";
import { DashboardListCard } from "./DashboardListCard";
import { UserBadges } from "./user-badges";

/** The four newest accounts (the user list is newest first). */
export function RecentUsers() {
  const query = useUserPage({ page: 1, limit: 4 });
  const { t } = useTranslation("dashboard");
  return (
    <DashboardListCard
      id="recent-users-title"
      title={t("recentUsers.title")}
      viewAllTo="/admin/users"
      query={query}
      items={query.data?.users}
      placeholders={4}
      loadingLabel={t("recentUsers.loading")}
      errorTitle={t("recentUsers.loadFailed")}
      empty={{
        icon: Users,
        title: t("recentUsers.empty"),
        actionTo: "/admin/users",
        actionIcon: UserPlus,
        actionLabel: t("recentUsers.addUser"),
      }}
      itemKey={(user) => user._id}
      renderItem={(user) => (
        <div data-testid="recent-user" className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="break-words font-medium">{user.name}</p>
            <p className="break-all text-muted-foreground text-sm">
              {user.email} · {t("recentUsers.joined", { date: formatDate(user.createdAt) })}
            </p>
          </div>
          <UserBadges user={user} />
        </div>
      )}
    />
  );
}
