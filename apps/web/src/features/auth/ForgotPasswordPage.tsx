import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordRequestSchema, LIMITS, MESSAGES } from "@lms/contract";
import { ArrowLeft, KeyRound, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { useForgotPassword } from "@/api/auth";
import { messageOf } from "@/api/errors";
import { errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { AuthShell } from "./AuthShell";
import { FormFailure } from "./FormFailure";

type FormInput = z.input<typeof forgotPasswordRequestSchema>;
type FormOutput = z.output<typeof forgotPasswordRequestSchema>;

const SUMMARY = "Forgot your LearnHub password? Ask for a reset link by e-mail and choose a new one.";

const backToSignIn = (
  <Link
    to="/login"
    className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to sign in
  </Link>
);

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(forgotPasswordRequestSchema),
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
        setSent({ email, message: message || MESSAGES.resetEmailSent });
        toast.success("Reset link sent", { description: message || MESSAGES.resetEmailSent });
      },
      onError: (error) => {
        const message = messageOf(error, MESSAGES.resetEmailFailed);
        setFailure(message);
        toast.error("Error", { description: message });
      },
    });
  });

  if (sent) {
    return (
      <AuthShell
        title="Check Your Email"
        summary={SUMMARY}
        icon={MailCheck}
        iconClassName="bg-success/15 text-success"
        description={
          <>
            <p>{sent.message}</p>
            <p className="mt-2">
              Look in the inbox of <strong className="font-medium text-foreground">{sent.email}</strong>.
            </p>
          </>
        }
        footer={backToSignIn}
      >
        <div className="grid gap-3 text-center text-sm text-muted-foreground">
          <p>
            The link is valid for {LIMITS.resetTokenMinutes} minutes. Didn't get an e-mail? Check your spam folder or
            try again.
          </p>
          <Button variant="outline" onClick={() => setSent(null)}>
            Try again
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot your password?"
      pageTitle="Forgot password"
      summary={SUMMARY}
      description="Enter your e-mail address and we'll send you a link to reset your password."
      icon={KeyRound}
      footer={backToSignIn}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormFailure message={failure} />
        <FormField id="email" label="Email" error={emailError}>
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
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </form>
    </AuthShell>
  );
}
