import { type AuthSession, resetPasswordFormSchema } from "@lms/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useResetPassword } from "@/api/auth";
import { messageOf } from "@/api/errors";
import { errorId, FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { FormFailure } from "./FormFailure";

type FormValues = z.infer<typeof resetPasswordFormSchema>;

interface ResetPasswordFormProps {
  resetToken: string;
  /** An invitation's link: the user sets their first password (and is signed in by the page). */
  inviting: boolean;
  onDone: (message: string, session: AuthSession | undefined) => void;
}

export function ResetPasswordForm({ resetToken, inviting, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation("auth");
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: localizedResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const reset = useResetPassword(resetToken);
  const busy = reset.isPending;

  const submit = form.handleSubmit(({ password }) => {
    if (busy) return;
    setFailure(null);
    reset.mutate(password, {
      onSuccess: ({ message, session }) => {
        if (session) return onDone(message, session);
        const shown = message || t("MESSAGES.resetSuccess", { ns: "messages" });
        toast.success(t("reset.doneToast"), { description: shown });
        onDone(shown, undefined);
      },
      onError: (error) => {
        const message = messageOf(error, t("MESSAGES.resetFailed", { ns: "messages" }));
        setFailure(message);
        toast.error(t("error"), { description: message });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormFailure message={failure} />
      <FormField
        id="password"
        label={inviting ? t("invite.password") : t("reset.newPassword")}
        error={errors.password?.message}
      >
        <PasswordInput
          id="password"
          autoComplete="new-password"
          disabled={busy}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? errorId("password") : undefined}
          {...form.register("password")}
        />
      </FormField>
      <FormField id="confirmPassword" label={t("confirmPassword")} error={errors.confirmPassword?.message}>
        <PasswordInput
          id="confirmPassword"
          autoComplete="new-password"
          disabled={busy}
          aria-invalid={!!errors.confirmPassword}
          aria-describedby={errors.confirmPassword ? errorId("confirmPassword") : undefined}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy && <Spinner />}
        {inviting ? (busy ? t("invite.setting") : t("invite.submit")) : busy ? t("reset.resetting") : t("reset.submit")}
      </Button>
    </form>
  );
}
