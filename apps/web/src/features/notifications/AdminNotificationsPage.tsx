import { PageTitle } from "@/components/PageMeta";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BroadcastForm } from "./BroadcastForm";
import { SentHistory } from "./SentHistory";

/** /admin/notifications: compose and send a notification, and see what was sent (issue 11). */
export function AdminNotificationsPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name="Notifications" />
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Notifications</h1>
        <p className="text-muted-foreground">Tell everyone, a role, a course or chosen users, in-app and by e-mail.</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="text-lg">Send a notification</CardTitle>
            <CardDescription>
              E-mails go out in the background and are retried if the mail server is down.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <BroadcastForm />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="text-lg">Sent</CardTitle>
          </CardHeader>
          <CardContent>
            <SentHistory />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
