import { CircleAlert } from "lucide-react";
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
import { plural } from "@/lib/format";
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
  const shortfall = shortfallMessage(price, credits);
  const rows = [
    { label: "Price", value: plural(price, "credit"), testId: "enroll-price" },
    { label: "Your balance", value: plural(credits, "credit"), testId: "enroll-balance" },
    { label: "Balance after", value: shortfall ? "—" : plural(credits - price, "credit"), testId: "enroll-after" },
  ];
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Confirm enrollment</AlertDialogTitle>
          <AlertDialogDescription>
            Enroll in <span className="font-medium text-foreground">{courseTitle}</span>? The price is taken from your
            credits.
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
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm disabled={busy || shortfall !== null} onClick={onConfirm}>
            {busy && <Spinner />}
            Confirm enrollment
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
