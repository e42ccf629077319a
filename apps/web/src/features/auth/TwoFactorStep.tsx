import { MESSAGES, TWO_FACTOR_MESSAGES } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { FormFailure } from "./FormFailure";

/** The second step of signing in to an account with two-factor sign-in: a code, or a recovery code. */
export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { completeTwoFactor } = useAuth();
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: (value: string) => completeTwoFactor(challenge, value),
    onSuccess: () => toast.success(MESSAGES.loginSuccessTitle, { description: MESSAGES.loginSuccessBody }),
    onError: (error) => setFailure(messageOf(error, TWO_FACTOR_MESSAGES.codeInvalid)),
  });
  const expired = failure === TWO_FACTOR_MESSAGES.challengeExpired;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    setFailure(null);
    verify.mutate(code);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <h2 className="font-semibold text-lg">Two-factor sign-in</h2>
      <FormFailure message={failure} />
      <FormField id="two-factor-code" label="Authentication code">
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
        {TWO_FACTOR_MESSAGES.codeRequired}.
      </p>
      {expired ? (
        <Button type="button" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <Button type="submit" disabled={verify.isPending || code.trim() === ""} className="w-full">
          {verify.isPending && <Spinner />}
          Verify
        </Button>
      )}
      <Button type="button" variant="ghost" onClick={onRestart}>
        Use another account
      </Button>
    </form>
  );
}
