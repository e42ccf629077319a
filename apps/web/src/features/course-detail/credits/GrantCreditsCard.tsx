import { ANALYTICS_LIMITS, CREDIT_LIMITS } from "@lms/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useStudentProgress } from "@/api/course-analytics";
import { useGrantCredits } from "@/api/credits";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";

type Audience = "all" | "chosen";

/** Gives the course's learners (all, or the ones ticked) the same number of credits, all at once. */
export function GrantCreditsCard({ courseId }: { courseId: string }) {
  const { t } = useTranslation(["course-detail", "messages"]);
  const grant = useGrantCredits();
  const [amount, setAmount] = useState("10");
  const [reason, setReason] = useState("");
  const [audience, setAudience] = useState<Audience>("all");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const value = Number(amount);
  const amountValid = Number.isInteger(value) && value >= 1 && value <= CREDIT_LIMITS.grantMax;
  const ready = amountValid && reason.length <= CREDIT_LIMITS.reasonMax && (audience === "all" || chosen.size > 0);
  const busy = grant.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    grant.mutate(
      {
        amount: value,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        recipients: audience === "all" ? { type: "course", courseId } : { type: "users", userIds: [...chosen] },
      },
      {
        onSuccess: (data) => {
          toast.success(t("messages:CREDIT_MESSAGES.granted"), {
            description: t("credits.grantedTo", { count: data.recipients }),
          });
          setChosen(new Set());
        },
        onError: (error) => toast.error(messageOf(error, t("credits.grantFailed"))),
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={t("credits.grantTitle")}>
        <CardHeader>
          <CardTitle className="text-lg">{t("credits.grantTitle")}</CardTitle>
          <CardDescription>{t("credits.grantDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="grant-amount"
              label={t("credits.amount")}
              error={amountValid ? undefined : t("messages:CREDIT_MESSAGES.amountInvalid")}
            >
              <Input
                id="grant-amount"
                type="number"
                inputMode="numeric"
                min={1}
                max={CREDIT_LIMITS.grantMax}
                step={1}
                value={amount}
                disabled={busy}
                aria-invalid={!amountValid}
                onChange={(event) => setAmount(event.target.value)}
              />
            </FormField>
            <FormField id="grant-reason" label={t("credits.reason")}>
              <Input
                id="grant-reason"
                value={reason}
                maxLength={CREDIT_LIMITS.reasonMax}
                disabled={busy}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
          </div>
          <fieldset className="grid gap-2 text-sm">
            <legend className="mb-1 font-medium">{t("credits.to")}</legend>
            {(["all", "chosen"] as const).map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="grant-audience"
                  className="size-4 accent-primary"
                  checked={audience === choice}
                  disabled={busy}
                  onChange={() => setAudience(choice)}
                />
                {t(`credits.audience.${choice}`)}
              </label>
            ))}
          </fieldset>
          {audience === "chosen" && (
            <LearnerChoice courseId={courseId} chosen={chosen} onChange={setChosen} disabled={busy} />
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={!ready || busy}>
            {busy && <Spinner />}
            {t("credits.grant")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function LearnerChoice({
  courseId,
  chosen,
  onChange,
  disabled,
}: {
  courseId: string;
  chosen: Set<string>;
  onChange: (next: Set<string>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("course-detail");
  const [search, setSearch] = useState("");
  const learners = useStudentProgress(courseId, {
    page: 1,
    limit: ANALYTICS_LIMITS.studentsPageMax,
    search,
    sort: "name",
    order: "asc",
  });
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <div className="grid gap-2">
      <Input
        type="search"
        aria-label={t("credits.searchLearners")}
        placeholder={t("credits.searchLearners")}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p className="text-muted-foreground text-xs" aria-live="polite">
        {t("credits.chosenCount", { count: chosen.size })}
      </p>
      {learners.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : learners.isError ? (
        <ErrorState title={t("credits.learnersFailed")} onRetry={() => void learners.refetch()} />
      ) : learners.data.students.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("credits.noLearners")}</p>
      ) : (
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border p-2">
          {learners.data.students.map((learner) => (
            <li key={learner._id}>
              <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-muted">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.has(learner._id)}
                  disabled={disabled}
                  onChange={() => toggle(learner._id)}
                />
                <span className="font-medium">{learner.name}</span>
                <span className="truncate text-muted-foreground">{learner.email}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
