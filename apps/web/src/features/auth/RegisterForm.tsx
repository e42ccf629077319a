import { type RegisterRequest, registerFormSchema } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError, fieldMessage, messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { errorId, FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { useSiteName } from "@/components/site-name";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { FormFailure } from "./FormFailure";

type FormInput = z.input<typeof registerFormSchema>;
type FormOutput = z.output<typeof registerFormSchema>;
const FIELDS = ["name", "email", "password", "confirmPassword"] as const;

export function RegisterForm() {
  const { t } = useTranslation("auth");
  const { register: signUp } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: localizedResolver(registerFormSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const siteName = useSiteName();

  const createAccount = useMutation({
    mutationFn: (input: RegisterRequest) => signUp(input),
    onSuccess: (user) =>
      toast.success(t("register.welcome", { site: siteName, name: user.name }), {
        description: t("MESSAGES.registerSuccess", { ns: "messages" }),
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        form.setError(
          "email",
          { message: error.localMessage ?? t("MESSAGES.emailTaken", { ns: "messages" }) },
          { shouldFocus: true },
        );
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.errors : [];
      for (const item of fieldErrors) {
        const field = FIELDS.find((name) => name === item.path);
        if (field) form.setError(field, { message: fieldMessage(item) });
      }
      const message = messageOf(error, t("register.failed"));
      setFailure(message);
      toast.error(t("register.failedTitle"), { description: message });
    },
  });
  const busy = createAccount.isPending;

  const submit = form.handleSubmit(({ name, email, password }) => {
    if (busy) return;
    setFailure(null);
    createAccount.mutate({ name, email, password });
  });

  const described = (field: (typeof FIELDS)[number], hint?: string) => ({
    "aria-invalid": !!errors[field],
    "aria-describedby": errors[field] ? errorId(field) : hint,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormFailure message={failure} />
      <FormField id="name" label={t("name")} error={errors.name?.message}>
        <Input id="name" autoComplete="name" disabled={busy} {...described("name")} {...form.register("name")} />
      </FormField>
      <FormField id="email" label={t("email")} error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          disabled={busy}
          {...described("email")}
          {...form.register("email")}
        />
      </FormField>
      <FormField id="password" label={t("password")} error={errors.password?.message}>
        <PasswordInput
          id="password"
          autoComplete="new-password"
          disabled={busy}
          {...described("password", "password-hint")}
          {...form.register("password")}
        />
        {!errors.password && (
          <p id="password-hint" className="text-xs text-muted-foreground">
            {t("register.passwordHint")}
          </p>
        )}
      </FormField>
      <FormField id="confirmPassword" label={t("confirmPassword")} error={errors.confirmPassword?.message}>
        <PasswordInput
          id="confirmPassword"
          autoComplete="new-password"
          disabled={busy}
          {...described("confirmPassword")}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy && <Spinner />}
        {busy ? t("register.creating") : t("register.submit")}
      </Button>
    </form>
  );
}
