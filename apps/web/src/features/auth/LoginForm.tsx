import type { LoginRequest } from "@lms/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { errorId, FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { DemoAccounts } from "./DemoAccounts";
import { FormFailure } from "./FormFailure";
import { lazyResolver } from "./lazy-resolver";
import { noWhitespace } from "./no-whitespace";
import { welcome } from "./welcome";

// The login page is part of the first-load budget, so its validation loads when the form is first used,
// and the two-factor step when an account needs it.
const validation = lazyResolver(() => import("./login-schema").then((m) => m.loginResolver));
const TwoFactorStep = lazy(() => import("./TwoFactorStep").then((m) => ({ default: m.TwoFactorStep })));

export function LoginForm() {
  const { t } = useTranslation("auth");
  const { login } = useAuth();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: validation.resolver,
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ("challenge" in result) return setChallenge(result.challenge);
      void welcome(queryClient);
    },
    onError: (error) => {
      const message = messageOf(error, t("MESSAGES.loginFailedDefault", { ns: "messages" }));
      setFailure(message);
      toast.error(t("MESSAGES.loginFailedTitle", { ns: "messages" }), { description: message });
    },
  });
  const busy = signIn.isPending;

  const submit = form.handleSubmit((values) => {
    if (busy) return;
    setFailure(null);
    signIn.mutate(values);
  });

  if (challenge) {
    return (
      <Suspense fallback={<Spinner />}>
        <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </Suspense>
    );
  }

  return (
    <div className="grid gap-6">
      <form
        onSubmit={submit}
        onFocus={validation.preload}
        // The failure was about what had been typed: once either field changes, it no longer applies.
        onChange={() => setFailure(null)}
        noValidate
        className="grid gap-4"
      >
        <FormFailure message={failure} />
        <FormField id="email" label={t("email")} error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            disabled={busy}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? errorId("email") : undefined}
            {...noWhitespace(form.register("email"))}
          />
        </FormField>
        <FormField
          id="password"
          label={t("password")}
          error={errors.password?.message}
          aside={
            <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
              {t("login.forgot")}
            </Link>
          }
        >
          <PasswordInput
            id="password"
            autoComplete="current-password"
            disabled={busy}
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? errorId("password") : undefined}
            {...noWhitespace(form.register("password"))}
          />
        </FormField>
        <Button type="submit" disabled={busy} className="w-full">
          {busy && <Spinner />}
          {busy ? t("login.signingIn") : t("login.submit")}
        </Button>
      </form>
      <DemoAccounts
        disabled={busy}
        onPick={({ email, password }) => {
          form.reset({ email, password });
          setFailure(null);
        }}
      />
    </div>
  );
}
