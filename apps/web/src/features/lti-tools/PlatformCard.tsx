import type { LtiPlatform } from "@lms/contract";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRotateLtiKey } from "@/api/lti";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { CopyField } from "./CopyField";

const ADDRESSES = ["issuer", "authorizationUrl", "tokenUrl", "jwksUrl", "deepLinkingReturnUrl"] as const;

/** What a tool's vendor needs from this platform, and the rotation of the key that signs launches. */
export function PlatformCard({ platform }: { platform: LtiPlatform }) {
  const { t } = useTranslation(["lti", "messages"]);
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateLtiKey();

  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("LTI_MESSAGES.keyRotated", { ns: "messages" }));
        setConfirming(false);
      },
      onError: (error) => toast.error(t("platform.rotateFailed"), { description: failureText(error, "") }),
    });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-lg">{t("platform.title")}</CardTitle>
        <CardDescription>{t("platform.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {ADDRESSES.map((key) => (
          <CopyField key={key} label={t(`platform.${key}`)} value={platform[key]} />
        ))}
        <Button variant="outline" className="justify-self-start" onClick={() => setConfirming(true)}>
          <KeyRound aria-hidden="true" />
          {t("platform.rotate")}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("platform.rotateTitle")}
          description={t("platform.rotateDescription")}
          confirmLabel={t("platform.rotateConfirm")}
          busy={rotate.isPending}
          onConfirm={confirm}
        />
      </CardContent>
    </Card>
  );
}
