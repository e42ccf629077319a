import type { Certificate, User } from "@lms/contract";
import { Award } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRevokeCertificate, useUserCertificates } from "@/api/certificates";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/datetime";
import { toast } from "@/lib/toast";

/** An admin's view of a user's certificates, each revocable with a reason (issue 23). */
export function UserCertificatesDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation("certificates");
  const certificates = useUserCertificates(user._id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("adminTitle", { name: user.name })}</DialogTitle>
          <DialogDescription>{t("adminText")}</DialogDescription>
        </DialogHeader>
        {certificates.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label={t("loading")} />
          </div>
        ) : certificates.isError ? (
          <ErrorState title={t("loadFailed")} onRetry={() => certificates.refetch()} />
        ) : certificates.data.length === 0 ? (
          <EmptyState icon={Award} title={t("adminEmpty")} />
        ) : (
          <ul className="grid max-h-[60vh] gap-3 overflow-y-auto">
            {certificates.data.map((certificate) => (
              <CertificateRow key={certificate._id} certificate={certificate} userId={user._id} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CertificateRow({ certificate, userId }: { certificate: Certificate; userId: string }) {
  const { t } = useTranslation("certificates");
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const revoke = useRevokeCertificate(userId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    revoke.mutate(
      { id: certificate._id, reason },
      {
        onSuccess: () => toast.success(t("revokedToast")),
        onError: (error) => toast.error(messageOf(error, t("revokeFailed"))),
      },
    );
  };
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm">
      <Link to={`/certificates/${certificate._id}`} className="font-medium hover:underline">
        {certificate.courseTitle}
      </Link>
      <p className="text-muted-foreground">{t("issuedOn", { date: formatDate(certificate.issuedAt) })}</p>
      {certificate.revokedAt ? (
        <p className="text-destructive">
          {t("revokedOn", { date: formatDate(certificate.revokedAt) })}
          {certificate.revokedReason && ` (${certificate.revokedReason})`}
        </p>
      ) : (
        <form className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit} noValidate>
          <div className="grid gap-1">
            <Label htmlFor={reasonId}>{t("reason")}</Label>
            <Input id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
          </div>
          <Button type="submit" variant="destructive" disabled={revoke.isPending || !reason.trim()}>
            {t("revoke")}
          </Button>
        </form>
      )}
    </li>
  );
}
