import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/PageMeta";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BroadcastForm } from "./BroadcastForm";
import { SentHistory } from "./SentHistory";

/** /admin/notifications: compose and send a notification, and see what was sent (issue 11). */
export function AdminNotificationsPage() {
  const { t } = useTranslation("notifications");
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.subtitle")}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="text-lg">{t("form.title")}</CardTitle>
            <CardDescription>{t("form.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <BroadcastForm />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="text-lg">{t("history.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <SentHistory />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
