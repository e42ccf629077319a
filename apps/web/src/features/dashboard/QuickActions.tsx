import { Bell, BookOpen, ClipboardCheck, type LucideIcon, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReviewQueue } from "@/api/course-review";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { GenerateReportsAction } from "./GenerateReportsAction";
import { SystemBackupAction } from "./SystemBackupAction";

interface Action {
  to: string;
  label: string;
  icon: LucideIcon;
  count?: number;
}

/** The admin dashboard's quick actions; Review Courses shows how many courses wait. */
export function QuickActions() {
  const waiting = useReviewQueue(1, 1).data?.pagination.total;
  const { t } = useTranslation("dashboard");
  const actions: Action[] = [
    { to: "/admin/users", label: t("quickActions.manageUsers"), icon: Users },
    { to: "/admin/reviews", label: t("quickActions.reviewCourses"), icon: ClipboardCheck, count: waiting },
    { to: "/courses", label: t("quickActions.allCourses"), icon: BookOpen },
    { to: "/admin/notifications", label: t("quickActions.sendNotification"), icon: Bell },
  ];
  return (
    <section aria-labelledby="quick-actions-title">
      <Card>
        <CardHeader>
          <CardTitle id="quick-actions-title" className="text-lg">
            {t("quickActions.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {actions.map(({ to, label, icon: Icon, count }) => (
              <li key={to} className="grid">
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-lg border p-3 font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  <span className="flex-1">{label}</span>
                  {count !== undefined && count > 0 && (
                    <Badge aria-label={t("quickActions.waiting", { count })} data-testid="reviews-waiting">
                      {count}
                    </Badge>
                  )}
                </Link>
              </li>
            ))}
            <li className="grid">
              <GenerateReportsAction />
            </li>
            <li className="grid">
              <SystemBackupAction />
            </li>
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
