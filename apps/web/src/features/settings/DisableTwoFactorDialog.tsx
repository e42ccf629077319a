import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useDisableTwoFactor } from "@/api/two-factor";
import { FormDialog } from "@/components/FormDialog";
import { FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";

/** Turning it off needs the password and a code, so a session left open cannot do it. */
export function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("settings");
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          toast.success(t("TWO_FACTOR_MESSAGES.disabled", { ns: "messages" }));
          onClose();
        },
        onError: (e) => setError(messageOf(e, t("TWO_FACTOR_MESSAGES.codeInvalid", { ns: "messages" }))),
      },
    );
  };
  return (
    <FormDialog
      title={t("twoFactor.disableTitle")}
      description={t("twoFactor.disableDescription")}
      busy={disable.isPending}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("twoFactor.turnOff")}
      submitUnavailable={
        password === "" || code.trim() === "" ? t("unavailable.passwordAndCode", { ns: "common" }) : undefined
      }
    >
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <FormField id="disable-password" label={t("twoFactor.password")}>
        <PasswordInput
          id="disable-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField id="disable-code" label={t("twoFactor.code")}>
        <Input
          id="disable-code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
