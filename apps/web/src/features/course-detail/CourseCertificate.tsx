import { Award } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useMyCertificates } from "@/api/certificates";
import { CertificateActions } from "@/components/certificates/CertificateActions";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

/** A completed learner's certificate of this course, to download (issue 23). */
export function CourseCertificate({ courseId }: { courseId: string }) {
  const { t } = useTranslation("certificates");
  const certificates = useMyCertificates();
  const certificate = certificates.data?.find((item) => item.courseId === courseId);
  if (certificates.isPending) return <Spinner className="size-5 justify-self-center" label={t("loading")} />;
  if (certificates.isError) return <p className="text-destructive text-sm">{t("loadFailed")}</p>;
  if (!certificate) return null;
  return (
    <Card data-testid="course-certificate">
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Award aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          <div>
            <h2 className="font-semibold">{t("courseTitle")}</h2>
            <p className="text-muted-foreground text-sm">
              {certificate.revokedAt ? t("revokedNote") : t("courseText")}
            </p>
          </div>
        </div>
        {!certificate.revokedAt && <CertificateActions certificate={certificate} />}
      </CardContent>
    </Card>
  );
}
