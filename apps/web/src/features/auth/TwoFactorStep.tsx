import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { FormFailure } from "./FormFailure";
import { welcome } from "./welcome";

/** The second step of signing in to an account with two-factor sign-in: a code, or a recovery code. */
export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useTranslation("auth");
  const { completeTwoFactor } = useAuth();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: (value: string) => completeTwoFactor(challenge, value),
    onSuccess: () => void welcome(queryClient),
    onError: (error) => setFailure(messageOf(error, t("TWO_FACTOR_MESSAGES.codeInvalid", { ns: "messages" }))),
  });
  const expired = failure === t("TWO_FACTOR_MESSAGES.challengeExpired", { ns: "messages" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    setFailure(null);
    verify.mutate(code);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <h2 className="font-semibold text-lg">{t("twoFactor.title")}</h2>
      <FormFailure message={failure} />
      <FormField id="two-factor-code" label={t("twoFactor.code")}>
        <Input
          id="two-factor-code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={verify.isPending}
          aria-describedby="two-factor-code-hint"
        />
      </FormField>
      <p id="two-factor-code-hint" className="text-muted-foreground text-sm">
        {t("TWO_FACTOR_MESSAGES.codeRequired", { ns: "messages" })}.
      </p>
      {expired ? (
        <Button type="button" onClick={onRestart}>
          {t("twoFactor.signInAgain")}
        </Button>
      ) : (
        <Button type="submit" disabled={verify.isPending || code.trim() === ""} className="w-full">
          {verify.isPending && <Spinner />}
          {t("twoFactor.verify")}
        </Button>
      )}
      <Button type="button" variant="ghost" onClick={onRestart}>
        {t("twoFactor.otherAccount")}
      </Button>
    </form>
  );
}
