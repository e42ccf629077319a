import { Download } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { saveFile } from "@/api/download";
import { ApiError, messageOf } from "@/api/errors";
import { useEnableTwoFactor, useTwoFactorSetup } from "@/api/two-factor";
import { FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";

interface FieldErrors {
  password?: string;
  code?: string;
}

/** A wrong password shows under the password field; anything else under the code. */
function fieldErrors(error: unknown, fallback: string): FieldErrors {
  const message = messageOf(error, fallback);
  const onPassword = error instanceof ApiError && error.errors.some((item) => item.path === "password");
  return onPassword ? { password: message } : { code: message };
}

/** Scan the QR code (or type the key), confirm with the password and a first code, then keep the recovery codes. */
export function EnableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("settings");
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { mutate: start } = setup;
  useEffect(() => start(), [start]);
  const codes = enable.data;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    enable.mutate(
      { password, code },
      { onError: (e) => setErrors(fieldErrors(e, t("TWO_FACTOR_MESSAGES.codeInvalid", { ns: "messages" }))) },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !enable.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{codes ? t("twoFactor.saveCodes") : t("twoFactor.enableTitle")}</DialogTitle>
          <DialogDescription>
            {codes ? t("twoFactor.codesDescription") : t("twoFactor.enableDescription")}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <>
            <ul
              className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm"
              data-testid="recovery-codes"
            >
              {codes.map((recovery) => (
                <li key={recovery}>{recovery}</li>
              ))}
            </ul>
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() =>
                  saveFile(new Blob([`${codes.join("\n")}\n`], { type: "text/plain" }), "recovery-codes.txt")
                }
              >
                <Download aria-hidden="true" />
                {t("twoFactor.download")}
              </Button>
              <Button
                onClick={() => {
                  toast.success(t("TWO_FACTOR_MESSAGES.enabled", { ns: "messages" }));
                  onClose();
                }}
              >
                {t("twoFactor.done")}
              </Button>
            </DialogFooter>
          </>
        ) : setup.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {messageOf(setup.error, t("twoFactor.setupFailed"))}
          </p>
        ) : !setup.data ? (
          <Spinner />
        ) : (
          <form onSubmit={confirm} noValidate className="grid gap-4">
            <img
              src={setup.data.qrCode}
              alt={t("twoFactor.qrAlt")}
              className="size-48 justify-self-center rounded-md bg-white p-2"
            />
            <p className="text-center text-muted-foreground text-sm">
              {t("twoFactor.typeKey")}{" "}
              <code className="break-all font-mono text-foreground" data-testid="two-factor-secret">
                {setup.data.secret}
              </code>
            </p>
            <FormField id="enable-password" label={t("twoFactor.password")} error={errors.password}>
              <PasswordInput
                id="enable-password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={!!errors.password}
                aria-describedby={errors.password ? "enable-password-error" : undefined}
              />
            </FormField>
            <FormField id="enable-code" label={t("twoFactor.appCode")} error={errors.code}>
              <Input
                id="enable-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={!!errors.code}
                aria-describedby={errors.code ? "enable-code-error" : undefined}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("twoFactor.cancel")}
              </Button>
              <Button type="submit" disabled={enable.isPending || password === "" || code.trim() === ""}>
                {enable.isPending && <Spinner />}
                {t("twoFactor.turnOn")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
