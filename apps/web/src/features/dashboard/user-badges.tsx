import type { User } from "@lms/contract";
import { ROLE_LABELS } from "@/auth/roles";
import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS } from "@/lib/user-status";

/** A user's role and status as badges. */
export function UserBadges({ user }: { user: Pick<User, "role" | "status"> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge variant={user.role === "learner" ? "outline" : "secondary"}>{ROLE_LABELS[user.role]}</Badge>
      <Badge variant={user.status === "active" ? "success" : "outline"}>{STATUS_LABELS[user.status]}</Badge>
    </span>
  );
}
