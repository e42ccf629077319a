import { TWO_FACTOR_MESSAGES } from "@lms/contract";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTwoFactorStatus } from "@/api/two-factor";
import { ErrorState } from "@/components/ErrorState";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { plural } from "@/lib/format";
import { DisableTwoFactorDialog } from "./DisableTwoFactorDialog";
import { EnableTwoFactorDialog } from "./EnableTwoFactorDialog";

/** Spec §2 Settings' two-factor toggle, for real: TOTP with an authenticator app and recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<"enable" | "disable" | null>(null);
  const data = status.data;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
          Two-factor sign-in
          {data && <Badge variant={data.enabled ? "success" : "outline"}>{data.enabled ? "On" : "Off"}</Badge>}
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.isError ? (
          <ErrorState title="Could not load your two-factor status" onRetry={() => void status.refetch()} />
        ) : !data ? (
          <Skeleton className="h-10 w-48" />
        ) : (
          <>
            {data.required && !data.enabled && (
              <p role="alert" className="text-destructive text-sm">
                {TWO_FACTOR_MESSAGES.requiredForAdmins}
              </p>
            )}
            {data.enabled && (
              <p className="text-muted-foreground text-sm">{plural(data.recoveryCodesLeft, "recovery code")} left.</p>
            )}
            <div>
              {data.enabled ? (
                <Button variant="outline" onClick={() => setDialog("disable")}>
                  Turn off
                </Button>
              ) : (
                <Button onClick={() => setDialog("enable")}>Turn on</Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      {dialog === "enable" && <EnableTwoFactorDialog onClose={() => setDialog(null)} />}
      {dialog === "disable" && <DisableTwoFactorDialog onClose={() => setDialog(null)} />}
    </Card>
  );
}
