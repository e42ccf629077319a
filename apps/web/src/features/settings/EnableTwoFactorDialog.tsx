import { Download } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { saveFile } from "@/api/download";
import { messageOf } from "@/api/errors";
import { useEnableTwoFactor, useTwoFactorSetup } from "@/api/two-factor";
import { FormField } from "@/components/FormField";
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

/** Scan the QR code (or type the key), confirm with a first code, then keep the recovery codes. */
export function EnableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("settings");
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { mutate: start } = setup;
  useEffect(() => start(), [start]);
  const codes = enable.data;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    enable.mutate(code, {
      onError: (e) => setError(messageOf(e, t("TWO_FACTOR_MESSAGES.codeInvalid", { ns: "messages" }))),
    });
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
            <FormField id="enable-code" label={t("twoFactor.appCode")} error={error ?? undefined}>
              <Input
                id="enable-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? "enable-code-error" : undefined}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("twoFactor.cancel")}
              </Button>
              <Button type="submit" disabled={enable.isPending || code.trim() === ""}>
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
