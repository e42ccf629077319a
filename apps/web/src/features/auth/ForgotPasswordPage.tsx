import { forgotPasswordRequestSchema, LIMITS } from "@lms/contract";
import { ArrowLeft, KeyRound, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { useForgotPassword } from "@/api/auth";
import { messageOf } from "@/api/errors";
import { errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { AuthShell } from "./AuthShell";
import { FormFailure } from "./FormFailure";

type FormInput = z.input<typeof forgotPasswordRequestSchema>;
type FormOutput = z.output<typeof forgotPasswordRequestSchema>;

function BackToSignIn() {
  const { t } = useTranslation("auth");
  return (
    <Link
      to="/login"
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("forgot.backToSignIn")}
    </Link>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: localizedResolver(forgotPasswordRequestSchema),
    defaultValues: { email: "" },
  });
  const emailError = form.formState.errors.email?.message;

  const sendLink = useForgotPassword();
  const busy = sendLink.isPending;

  const submit = form.handleSubmit(({ email }) => {
    if (busy) return;
    setFailure(null);
    sendLink.mutate(email, {
      onSuccess: (message) => {
        const shown = message || t("MESSAGES.resetEmailSent", { ns: "messages" });
        setSent({ email, message: shown });
        toast.success(t("forgot.sentToast"), { description: shown });
      },
      onError: (error) => {
        const message = messageOf(error, t("MESSAGES.resetEmailFailed", { ns: "messages" }));
        setFailure(message);
        toast.error(t("error"), { description: message });
      },
    });
  });

  if (sent) {
    return (
      <AuthShell
        title={t("forgot.checkEmail")}
        summary={t("forgot.summary")}
        icon={MailCheck}
        iconClassName="bg-success/15 text-success"
        description={
          <>
            <p>{sent.message}</p>
            <p className="mt-2">
              <Trans
                t={t}
                i18nKey="forgot.lookInInbox"
                values={{ email: sent.email }}
                components={{ email: <strong className="font-medium text-foreground" /> }}
              />
            </p>
          </>
        }
        footer={<BackToSignIn />}
      >
        <div className="grid gap-3 text-center text-sm text-muted-foreground">
          <p>{t("forgot.validFor", { minutes: LIMITS.resetTokenMinutes })}</p>
          <Button variant="outline" onClick={() => setSent(null)}>
            {t("actions.tryAgain", { ns: "common" })}
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t("forgot.title")}
      pageTitle={t("forgot.pageTitle")}
      summary={t("forgot.summary")}
      description={t("forgot.description")}
      icon={KeyRound}
      footer={<BackToSignIn />}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormFailure message={failure} />
        <FormField id="email" label={t("email")} error={emailError}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            disabled={busy}
            aria-invalid={!!emailError}
            aria-describedby={emailError ? errorId("email") : undefined}
            {...form.register("email")}
          />
        </FormField>
        <Button type="submit" disabled={busy} className="w-full">
          {busy && <Spinner />}
          {busy ? t("forgot.sending") : t("forgot.send")}
        </Button>
      </form>
    </AuthShell>
  );
}
