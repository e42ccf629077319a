import { CREDIT_LIMITS, type CreditRequest } from "@lms/contract";
import { Inbox } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAnswerCreditRequest, useCreditRequests } from "@/api/credits";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";

/** The course's open credit requests, oldest first; each is granted with an amount or dismissed. */
export function CreditRequestsCard({ courseId }: { courseId: string }) {
  const { t } = useTranslation(["course-detail", "messages"]);
  const requests = useCreditRequests(courseId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("credits.requestsTitle")}</CardTitle>
        <CardDescription>{t("credits.requestsDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isPending ? (
          <div className="grid gap-3" role="status" aria-label={t("credits.requestsLoading")}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : requests.isError ? (
          <ErrorState
            title={t("credits.requestsFailed")}
            description={messageOf(requests.error, t("credits.requestsFailed"))}
            onRetry={() => void requests.refetch()}
          />
        ) : requests.data.length === 0 ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Inbox aria-hidden="true" className="size-4" />
            {t("credits.requestsEmpty")}
          </p>
        ) : (
          <ul className="grid gap-3">
            {requests.data.map((request) => (
              <RequestRow key={request._id} courseId={courseId} request={request} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RequestRow({ courseId, request }: { courseId: string; request: CreditRequest }) {
  const { t } = useTranslation(["course-detail", "messages", "common"]);
  const answer = useAnswerCreditRequest(courseId);
  const [amount, setAmount] = useState(String(Math.max(1, Math.min(request.shortfall, CREDIT_LIMITS.grantMax))));
  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= 1 && value <= CREDIT_LIMITS.grantMax;
  const credits = (count: number) => t("common:format.credits", { count, formatted: formatCount(count) });
  const inputId = `credit-request-${request._id}`;

  const send = (granted: number | null) =>
    answer.mutate(
      { requestId: request._id, amount: granted },
      {
        onSuccess: () =>
          toast.success(
            t(granted === null ? "messages:CREDIT_MESSAGES.dismissed" : "messages:CREDIT_MESSAGES.granted"),
          ),
        onError: (error) => toast.error(messageOf(error, t("credits.answerFailed"))),
      },
    );

  return (
    <li className="grid gap-3 rounded-lg border p-3 text-sm" aria-label={request.learner.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{request.learner.name}</span>
        <span className="break-all text-muted-foreground">{request.learner.email}</span>
      </div>
      <p className="text-muted-foreground">
        {t("credits.standing", { balance: credits(request.learner.credits), shortfall: credits(request.shortfall) })}
      </p>
      {request.message && <blockquote className="border-l-2 pl-3 italic">{request.message}</blockquote>}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={inputId} className="font-medium text-xs">
            {t("credits.amount")}
          </label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={CREDIT_LIMITS.grantMax}
            step={1}
            className="w-28"
            value={amount}
            aria-invalid={!valid}
            disabled={answer.isPending}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <Button disabled={!valid || answer.isPending} onClick={() => send(value)}>
          {answer.isPending && <Spinner />}
          {t("credits.grant")}
        </Button>
        <Button variant="outline" disabled={answer.isPending} onClick={() => send(null)}>
          {t("credits.dismiss")}
        </Button>
      </div>
    </li>
  );
}
