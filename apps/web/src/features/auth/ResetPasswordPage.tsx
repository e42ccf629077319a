import type { AuthSession } from "@lms/contract";
import { CircleCheck, KeyRound, LinkIcon } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useResetTokenCheck } from "@/api/auth";
import { ApiError, messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { AuthShell } from "./AuthShell";
import { ResetPasswordForm } from "./ResetPasswordForm";

const INVITATION_EXPIRED = "MESSAGES.invitationExpired";

/**
 * Validating, then the form, then success; or the invalid-link screen (spec §4). An invitation's
 * link (issue 21) asks the new user to set their password and signs them in onto the dashboard.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { resetToken = "" } = useParams();
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const check = useResetTokenCheck(resetToken);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const inviting = check.data?.purpose === "invite";

  const done = (message: string, session: AuthSession | undefined) => {
    if (!session) return setDoneMessage(message);
    const user = startSession(session);
    toast.success(t("invite.welcome", { name: user.name }), { description: message || undefined });
    navigate("/dashboard", { replace: true });
  };

  if (doneMessage) {
    return (
      <AuthShell
        title={t("reset.successTitle")}
        icon={CircleCheck}
        iconClassName="bg-success/15 text-success"
        description={doneMessage}
      >
        <Button className="w-full" onClick={() => navigate("/login")}>
          {t("reset.continue")}
        </Button>
      </AuthShell>
    );
  }

  if (check.isPending) {
    return (
      <AuthShell title={t("reset.title")} icon={KeyRound} description={t("reset.checking")}>
        <div className="flex justify-center text-muted-foreground">
          <Spinner className="size-6" label={t("reset.validating")} />
        </div>
      </AuthShell>
    );
  }

  if (check.isError) {
    const answered = check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500;
    if (!answered) {
      return (
        <AuthShell title={t("reset.title")} icon={KeyRound}>
          <ErrorState
            title={t("reset.checkFailed")}
            description={t("reset.noAnswer")}
            onRetry={() => void check.refetch()}
          />
        </AuthShell>
      );
    }
    const invitation = check.error instanceof ApiError && check.error.code === INVITATION_EXPIRED;
    return (
      <AuthShell
        title={invitation ? t("invite.expiredTitle") : t("reset.invalidTitle")}
        icon={LinkIcon}
        iconClassName="bg-destructive/10 text-destructive"
        description={messageOf(check.error, t("MESSAGES.invalidResetLink", { ns: "messages" }))}
      >
        <div className="grid gap-3">
          {!invitation && <p className="text-center text-sm text-muted-foreground">{t("reset.invalidHint")}</p>}
          <Button className="w-full" onClick={() => navigate("/forgot-password")}>
            {t("reset.requestNew")}
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={inviting ? t("invite.title") : t("reset.setNew")}
      pageTitle={inviting ? t("invite.title") : t("reset.title")}
      icon={KeyRound}
      description={
        <p>
          <Trans
            t={t}
            i18nKey={inviting ? "invite.chooseFor" : "reset.chooseFor"}
            values={{ email: check.data.email }}
            components={{ email: <strong className="font-medium text-foreground" /> }}
          />
        </p>
      }
    >
      <ResetPasswordForm resetToken={resetToken} inviting={inviting} onDone={done} />
    </AuthShell>
  );
}
