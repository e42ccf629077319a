import type { UseQueryResult } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import type { ReactNode } from "react";
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
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12 text-muted-foreground">
        <Spinner className="size-6" label="Loading assessments" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load the assessments"
        description={messageOf(query.error, "Please try again.")}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState icon={ClipboardList} title="No assessments yet" />;
  return (
    <ul aria-label="Assessments" className="grid gap-3">
      {query.data.map((assessment) => (
        <li key={assessment._id}>{renderRow(assessment)}</li>
      ))}
    </ul>
  );
}
