import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTwoFactorStatus } from "@/api/two-factor";
import { ErrorState } from "@/components/ErrorState";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { DisableTwoFactorDialog } from "./DisableTwoFactorDialog";
import { EnableTwoFactorDialog } from "./EnableTwoFactorDialog";

/** Spec §2 Settings' two-factor toggle, for real: TOTP with an authenticator app and recovery codes. */
export function TwoFactorCard() {
  const { t } = useTranslation(["settings", "messages"]);
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<"enable" | "disable" | null>(null);
  const data = status.data;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
          {t("twoFactor.title")}
          {data && (
            <Badge variant={data.enabled ? "success" : "outline"}>
              {data.enabled ? t("twoFactor.on") : t("twoFactor.off")}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.isError ? (
          <ErrorState title={t("twoFactor.loadFailed")} onRetry={() => void status.refetch()} />
        ) : !data ? (
          <Skeleton className="h-10 w-48" />
        ) : (
          <>
            {data.required && !data.enabled && (
              <p role="alert" className="text-destructive text-sm">
                {t("messages:TWO_FACTOR_MESSAGES.requiredForAdmins")}
              </p>
            )}
            {data.enabled && (
              <p className="text-muted-foreground text-sm">
                {t("twoFactor.codesLeft", { count: data.recoveryCodesLeft })}
              </p>
            )}
            <div>
              {data.enabled ? (
                <Button variant="outline" onClick={() => setDialog("disable")}>
                  {t("twoFactor.turnOff")}
                </Button>
              ) : (
                <Button onClick={() => setDialog("enable")}>{t("twoFactor.turnOn")}</Button>
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
