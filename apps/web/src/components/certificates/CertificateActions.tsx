import type { Certificate } from "@lms/contract";
import { ExternalLink, FileDown, KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadCertificateCredential, downloadCertificatePdf } from "@/api/certificates";
import { messageOf } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

/** Downloading a certificate (PDF, Open Badges credential) and opening its public verification page. */
export function CertificateActions({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation("certificates");
  const [busy, setBusy] = useState<"pdf" | "credential" | null>(null);
  const download = async (kind: "pdf" | "credential") => {
    setBusy(kind);
    try {
      await (kind === "pdf" ? downloadCertificatePdf : downloadCertificateCredential)(certificate._id);
    } catch (error) {
      toast.error(messageOf(error, t("downloadFailed")));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => download("pdf")} disabled={busy !== null}>
        <FileDown aria-hidden="true" />
        {t("downloadPdf")}
      </Button>
      <Button size="sm" variant="outline" onClick={() => download("credential")} disabled={busy !== null}>
        <KeyRound aria-hidden="true" />
        {t("downloadCredential")}
      </Button>
      <Button size="sm" variant="ghost" asChild>
        <Link to={`/certificates/${certificate._id}`}>
          <ExternalLink aria-hidden="true" />
          {t("verificationPage")}
        </Link>
      </Button>
    </div>
  );
}
