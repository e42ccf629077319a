import type { CertificateVerification } from "@lms/contract";
import { SearchX, ShieldCheck, ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCertificateVerification } from "@/api/certificates";
import { ApiError } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { StateScreen } from "@/components/StateScreen";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/datetime";
import { cn } from "@/lib/utils";
import { CredentialCheck } from "./CredentialCheck";

/** The public verification page of a certificate (issue 23): anyone, signed in or not. */
export function VerifyCertificatePage() {
  const { t } = useTranslation("certificates");
  const { certificateId = "" } = useParams();
  const verification = useCertificateVerification(certificateId);
  if (verification.isPending) {
    return (
      <div className="flex flex-1 justify-center py-20">
        <PageTitle name={t("verifyTitle")} />
        <Spinner className="size-8" label={t("checking")} />
      </div>
    );
  }
  if (verification.isError) {
    const status = verification.error instanceof ApiError ? verification.error.status : 0;
    if (status === 404 || status === 400) {
      return <StateScreen icon={SearchX} title={t("notFoundTitle")} description={t("notFoundText")} />;
    }
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-10">
        <PageTitle name={t("verifyTitle")} />
        <ErrorState title={t("verifyFailed")} onRetry={() => verification.refetch()} />
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10">
      <PageTitle name={t("verifyTitle")} />
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("verifyTitle")}</h1>
      <Verdict verification={verification.data} />
      <CredentialCheck />
    </div>
  );
}

function Verdict({ verification: v }: { verification: CertificateVerification }) {
  const { t } = useTranslation("certificates");
  const valid = v.status === "valid";
  const Icon = valid ? ShieldCheck : ShieldX;
  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <div
          role="status"
          data-testid="certificate-status"
          className={cn(
            "flex items-center gap-3 rounded-lg p-4 font-semibold text-lg",
            valid ? "bg-success/15 text-success" : "bg-destructive/10 text-destructive",
          )}
        >
          <Icon aria-hidden="true" className="size-7 shrink-0" />
          {valid ? t("valid") : t("revokedOn", { date: formatDate(v.revokedAt ?? v.issuedAt) })}
        </div>
        {!valid && v.revokedReason && (
          <p className="text-sm">
            <span className="font-medium">{t("reason")}: </span>
            {v.revokedReason}
          </p>
        )}
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label={t("learner")}>{v.learnerName}</Field>
          <Field label={t("course")}>{v.courseTitle}</Field>
          {v.instructorName && <Field label={t("instructor")}>{v.instructorName}</Field>}
          <Field label={t("issued")}>{formatDate(v.issuedAt)}</Field>
          <Field label={t("issuer")}>
            {v.issuer.name} <span className="break-all text-muted-foreground">({v.issuer.url})</span>
          </Field>
          <Field label={t("certificateId")}>
            <code className="break-all text-sm">{v.certificateId}</code>
          </Field>
          <Field label={t("signature")} className="sm:col-span-2">
            <span className={v.credentialValid ? "text-success" : "text-destructive"}>
              {v.credentialValid ? t("signatureValid") : t("signatureInvalid")}
            </span>
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}

function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid gap-1", className)}>
      <dt className="font-medium text-muted-foreground text-sm">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
