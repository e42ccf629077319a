import { CreditRequestsCard } from "./CreditRequestsCard";
import { GrantCreditsCard } from "./GrantCreditsCard";

/** For the course's teacher and admins: learners' open credit requests, and granting credits. */
export function CreditsTab({ courseId }: { courseId: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CreditRequestsCard courseId={courseId} />
      <GrantCreditsCard courseId={courseId} />
    </div>
  );
}
