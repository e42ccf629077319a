import { MESSAGES } from "@lms/contract";
import { CircleCheck, KeyRound, LinkIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useResetTokenCheck } from "@/api/auth";
import { ApiError, messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { AuthShell } from "./AuthShell";
import { ResetPasswordForm } from "./ResetPasswordForm";

/** Validating, then the form, then success; or the invalid-link screen (spec §4). */
export function ResetPasswordPage() {
  const { resetToken = "" } = useParams();
  const navigate = useNavigate();
  const check = useResetTokenCheck(resetToken);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  if (doneMessage) {
    return (
      <AuthShell
        title="Password Reset Successful"
        icon={CircleCheck}
        iconClassName="bg-success/15 text-success"
        description={doneMessage}
      >
        <Button className="w-full" onClick={() => navigate("/login")}>
          Continue to Login
        </Button>
      </AuthShell>
    );
  }

  if (check.isPending) {
    return (
      <AuthShell title="Reset password" icon={KeyRound} description="Checking your reset link...">
        <div className="flex justify-center text-muted-foreground">
          <Spinner className="size-6" label="Validating reset link" />
        </div>
      </AuthShell>
    );
  }

  if (check.isError) {
    const answered = check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500;
    if (!answered) {
      return (
        <AuthShell title="Reset password" icon={KeyRound}>
          <ErrorState
            title="We couldn't check your reset link"
            description="The server did not answer. Check your connection and try again."
            onRetry={() => void check.refetch()}
          />
        </AuthShell>
      );
    }
    return (
      <AuthShell
        title="Invalid Reset Link"
        icon={LinkIcon}
        iconClassName="bg-destructive/10 text-destructive"
        description={messageOf(check.error, MESSAGES.invalidResetLink)}
      >
        <div className="grid gap-3">
          <p className="text-center text-sm text-muted-foreground">
            Reset links work once and expire after a while. Ask for a new one below.
          </p>
          <Button className="w-full" onClick={() => navigate("/forgot-password")}>
            Request New Reset Link
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Set a new password"
      pageTitle="Reset password"
      icon={KeyRound}
      description={
        <p>
          Choose a new password for <strong className="font-medium text-foreground">{check.data.email}</strong>.
        </p>
      }
    >
      <ResetPasswordForm resetToken={resetToken} onDone={setDoneMessage} />
    </AuthShell>
  );
}
