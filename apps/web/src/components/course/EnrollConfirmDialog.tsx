import { CircleAlert } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { shortfallMessage } from "./shortfall";

interface EnrollConfirmDialogProps {
  open: boolean;
  /** Not called while `busy`: the dialog stays open until the enrollment has been answered. */
  onOpenChange(open: boolean): void;
  courseTitle: string;
  price: number;
  /** The learner's current balance. */
  credits: number;
  busy: boolean;
  onConfirm(): void;
}

/** Asks before credits are spent: price, balance now and balance after; a short balance cannot confirm. */
export function EnrollConfirmDialog({
  open,
  onOpenChange,
  courseTitle,
  price,
  credits,
  busy,
  onConfirm,
}: EnrollConfirmDialogProps) {
  const { t } = useTranslation();
  const shortfall = shortfallMessage(price, credits);
  const creditsText = (count: number) => t("format.credits", { count, formatted: formatCount(count) });
  const rows = [
    { label: t("enroll.price"), value: creditsText(price), testId: "enroll-price" },
    { label: t("enroll.yourBalance"), value: creditsText(credits), testId: "enroll-balance" },
    { label: t("enroll.balanceAfter"), value: shortfall ? "—" : creditsText(credits - price), testId: "enroll-after" },
  ];
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("enroll.confirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>
            <Trans
              t={t}
              i18nKey="enroll.confirmBody"
              values={{ title: courseTitle }}
              components={{ title: <span className="font-medium text-foreground" /> }}
            />
          </AlertDialogDescription>
        </AlertDialogHeader>
        <dl className="grid gap-2 rounded-lg border p-4 text-sm">
          {rows.map(({ label, value, testId }, index) => (
            <div
              key={label}
              className={cn("flex items-baseline justify-between gap-4", index === rows.length - 1 && "border-t pt-2")}
            >
              <dt className="text-muted-foreground">{label}</dt>
              <dd data-testid={testId} className="font-semibold tabular-nums">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {shortfall && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{shortfall}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("actions.cancel")}</AlertDialogCancel>
          <AlertDialogConfirm disabled={busy || shortfall !== null} onClick={onConfirm}>
            {busy && <Spinner />}
            {t("enroll.confirmTitle")}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
