import type { PublicCourse } from "@lms/contract";
import { CircleAlert, Coins, LogIn } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useEnroll, useRefreshBalance } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { useRegistrationOpen } from "@/api/site-settings";
import { useAuth } from "@/auth/auth-context";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatCount, formatPrice } from "@/lib/format";
import { toast } from "@/lib/toast";
import { EnrollConfirmDialog } from "./EnrollConfirmDialog";
import { RequestCreditsPanel } from "./RequestCreditsPanel";
import { shortfallMessage } from "./shortfall";

/**
 * Enroll for a learner who is not enrolled: free at once, or paid from their credits after a
 * confirmation that shows the price and the balance before and after. A balance too low says so
 * and sends nothing but offers to ask the course's teacher for credits; the server checks the
 * credits again and its message wins.
 */
export function EnrollPanel({ course }: { course: PublicCourse }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const registrationOpen = useRegistrationOpen();
  const enroll = useEnroll(course._id);
  const refreshBalance = useRefreshBalance();
  const [confirming, setConfirming] = useState(false);
  const price = course.priceCredits;
  const credits = user?.credits ?? 0;
  const shortfall = shortfallMessage(price, credits);

  const submit = () =>
    enroll.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t("MESSAGES.enrolledSuccess", { ns: "messages" }));
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(t("enroll.failedTitle"), { description: messageOf(error, t("enroll.failed")) });
      },
    });

  const start = () => {
    if (price === 0) return submit();
    enroll.reset();
    setConfirming(true);
    // The balance shown may be old: another tab may have spent credits, or an admin added some.
    void refreshBalance();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("enroll.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-muted-foreground text-sm">{t("enroll.price")}</span>
          <span className={price === 0 ? "font-bold text-2xl text-success" : "font-bold text-2xl"}>
            {formatPrice(price)}
          </span>
        </div>
        {!user ? (
          <>
            <Button asChild>
              <Link to="/login" state={{ from: location }}>
                <LogIn aria-hidden="true" />
                {t("enroll.signIn")}
              </Link>
            </Button>
            {registrationOpen && (
              <p className="text-center text-sm text-muted-foreground">
                {t("enroll.newHere")}{" "}
                <Link
                  to="/register"
                  state={{ from: location }}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t("enroll.createAccount")}
                </Link>
              </p>
            )}
          </>
        ) : (
          <>
            {price > 0 && (
              <p className="flex items-center gap-2 text-sm">
                <Coins aria-hidden="true" className="size-4 text-amber-500" />
                {t("enroll.youHave", {
                  credits: t("format.credits", { count: credits, formatted: formatCount(credits) }),
                })}
              </p>
            )}
            {shortfall && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                {/* The destructive tint on its faded text falls short of 4.5:1 contrast; the icon carries the colour. */}
                <AlertDescription className="text-foreground opacity-100">{shortfall}</AlertDescription>
              </Alert>
            )}
            {shortfall && <RequestCreditsPanel courseId={course._id} />}
            {enroll.isError && !shortfall && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{messageOf(enroll.error, t("enroll.failed"))}</AlertDescription>
              </Alert>
            )}
            <Button onClick={start} disabled={shortfall !== null || enroll.isPending}>
              {enroll.isPending && <Spinner />}
              {price === 0 ? t("enroll.forFree") : t("enroll.forPrice", { price: formatPrice(price) })}
            </Button>
            {price > 0 && (
              <EnrollConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                courseTitle={course.title}
                price={price}
                credits={credits}
                busy={enroll.isPending}
                onConfirm={submit}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
