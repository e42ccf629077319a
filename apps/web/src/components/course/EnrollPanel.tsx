import type { PublicCourse } from "@lms/contract";
import { MESSAGES } from "@lms/contract";
import { CircleAlert, Coins, LogIn } from "lucide-react";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { useEnroll } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { useAuth } from "@/auth/auth-context";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatPrice, plural } from "@/lib/format";

const ENROLL_FAILED = "Failed to enroll in this course. Please try again.";

/** Enroll for a learner who is not enrolled: free, or paid from their credits. */
export function EnrollPanel({ course }: { course: PublicCourse }) {
  const { user } = useAuth();
  const location = useLocation();
  const enroll = useEnroll(course._id);
  const price = course.priceCredits;
  const credits = user?.credits ?? 0;
  const short = price > credits;

  const submit = () =>
    enroll.mutate(undefined, {
      onSuccess: () => toast.success(MESSAGES.enrolledSuccess),
      onError: (error) => toast.error("Enrollment failed", { description: messageOf(error, ENROLL_FAILED) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Enroll in this course</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-muted-foreground text-sm">Price</span>
          <span className={price === 0 ? "font-bold text-2xl text-success" : "font-bold text-2xl"}>
            {formatPrice(price)}
          </span>
        </div>
        {!user ? (
          <Button asChild>
            <Link to="/login" state={{ from: location }}>
              <LogIn aria-hidden="true" />
              Sign in to enroll
            </Link>
          </Button>
        ) : (
          <>
            {price > 0 && (
              <p className="flex items-center gap-2 text-sm">
                <Coins aria-hidden="true" className="size-4 text-amber-500" />
                You have {plural(credits, "credit")}.
              </p>
            )}
            {short && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>
                  {MESSAGES.insufficientCredits} You need {plural(price - credits, "more credit", "more credits")}.
                </AlertDescription>
              </Alert>
            )}
            {enroll.isError && !short && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{messageOf(enroll.error, ENROLL_FAILED)}</AlertDescription>
              </Alert>
            )}
            <Button onClick={submit} disabled={short || enroll.isPending}>
              {enroll.isPending && <Spinner />}
              {price === 0 ? "Enroll for free" : `Enroll for ${formatPrice(price)}`}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
