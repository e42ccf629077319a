import { Award } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMyCertificates } from "@/api/certificates";
import { CertificateActions } from "@/components/certificates/CertificateActions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/datetime";

/** The user's certificates, newest first, each to download or verify (issue 23). */
export function CertificatesCard() {
  const { t } = useTranslation("certificates");
  const certificates = useMyCertificates();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profileTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {certificates.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("loading")} />
          </div>
        ) : certificates.isError ? (
          <ErrorState title={t("loadFailed")} onRetry={() => certificates.refetch()} />
        ) : certificates.data.length === 0 ? (
          <EmptyState icon={Award} title={t("empty")} description={t("emptyHint")} />
        ) : (
          <ul className="grid gap-4" aria-label={t("profileTitle")}>
            {certificates.data.map((certificate) => (
              <li key={certificate._id} className="grid gap-2 rounded-lg border p-4" data-testid="certificate-item">
                <div className="flex flex-wrap items-center gap-2">
                  {certificate.courseId ? (
                    <Link to={`/courses/${certificate.courseId}`} className="font-medium hover:underline">
                      {certificate.courseTitle}
                    </Link>
                  ) : (
                    <span className="font-medium">{certificate.courseTitle}</span>
                  )}
                  {certificate.revokedAt && (
                    <Badge variant="outline" className="border-destructive text-destructive">
                      {t("revoked")}
                    </Badge>
                  )}
                </div>
                <p className="text-muted-foreground text-sm">
                  {t("issuedOn", { date: formatDate(certificate.issuedAt) })}
                </p>
                {!certificate.revokedAt && <CertificateActions certificate={certificate} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
