import type { User } from "@lms/contract";
import { cn } from "@/lib/utils";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return (parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "");
}

interface AvatarUser {
  name: string;
  profile: Pick<User["profile"], "avatar">;
}

export function UserAvatar({ user, className }: { user: AvatarUser; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-sm font-semibold uppercase text-primary",
        className,
      )}
    >
      {user.profile.avatar ? (
        <img src={user.profile.avatar} alt="" className="size-full object-cover" />
      ) : (
        initials(user.name)
      )}
    </span>
  );
}
