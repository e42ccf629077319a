import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCheckCredential } from "@/api/certificates";
import { messageOf } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** Checks a credential someone was given: pasted as its VC-JWT, its signature checked by the server. */
export function CredentialCheck() {
  const { t } = useTranslation("certificates");
  const id = useId();
  const [credential, setCredential] = useState("");
  const check = useCheckCredential();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (credential.trim()) check.mutate(credential.trim());
  };
  const result = check.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("checkTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit}>
          <Label htmlFor={id}>{t("checkLabel")}</Label>
          <Textarea
            id={id}
            value={credential}
            onChange={(event) => setCredential(event.target.value)}
            className="min-h-28 font-mono text-xs"
            spellCheck={false}
          />
          <Button type="submit" className="justify-self-start" disabled={check.isPending || !credential.trim()}>
            {t("checkButton")}
          </Button>
          <div aria-live="polite" className="text-sm">
            {check.isError && <p className="text-destructive">{messageOf(check.error, t("verifyFailed"))}</p>}
            {result && !result.signatureValid && <p className="text-destructive">{t("checkInvalid")}</p>}
            {result?.verification && (
              <p className={result.verification.status === "valid" ? "text-success" : "text-destructive"}>
                {t(result.verification.status === "valid" ? "checkValid" : "checkRevoked", {
                  learner: result.verification.learnerName,
                  course: result.verification.courseTitle,
                })}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
