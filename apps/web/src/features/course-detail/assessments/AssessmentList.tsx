import type { UseQueryResult } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Spinner } from "@/components/ui/spinner";

/** A course's assessments with loading, error and empty states; the learner's and the managers' tabs share it. */
export function AssessmentList<T extends { _id: string }>({
  query,
  renderRow,
}: {
  query: UseQueryResult<T[]>;
  renderRow: (assessment: T) => ReactNode;
}) {
  const { t } = useTranslation("course-detail");
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-muted-foreground">
        <Spinner className="size-6" label={t("assessments.loading")} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={t("assessments.loadFailed")}
        description={messageOf(query.error, t("tryAgain"))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState icon={ClipboardList} title={t("assessments.empty")} />;
  return (
    <ul aria-label={t("tabs.assessments")} className="grid gap-3">
      {query.data.map((assessment) => (
        <li key={assessment._id}>{renderRow(assessment)}</li>
      ))}
    </ul>
  );
}
