import { addStudentsSchema } from "@lms/contract";
import { Search, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useAddStudents } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { useUserSearch } from "@/api/users";
import { ErrorState } from "@/components/ErrorState";
import { UserAvatar } from "@/components/UserAvatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { useDebouncedValue } from "@/lib/useDebouncedValue";

const SEARCH_DEBOUNCE_MS = 500;

/** All other users, searchable by name or e-mail, to add one at a time or several at once. */
export function AddStudents({
  courseId,
  enrolledIds,
  ready,
}: {
  courseId: string;
  enrolledIds: Set<string>;
  ready: boolean;
}) {
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const users = useUserSearch(search);
  const add = useAddStudents(courseId);
  const candidates = ready ? users.data?.users.filter((u) => !enrolledIds.has(u._id)) : undefined;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Spec §5 "Add students": ids must be 24-character hex; an empty list is skipped. */
  const addUsers = (ids: string[]) => {
    if (ids.length === 0) return;
    const parsed = addStudentsSchema.safeParse({ userIds: ids });
    if (!parsed.success) {
      toast.error(COURSE_UI.errorTitle, { description: parsed.error.issues[0]?.message });
      return;
    }
    add.mutate(parsed.data.userIds, {
      onSuccess: ({ message }) => {
        toast.success(message ?? COURSE_UI.successTitle);
        setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
      },
      onError: (error) =>
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.addUsersFailed) }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Add users</CardTitle>
        <CardDescription>Search by name or e-mail, then add one user or a selection.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search users by name or e-mail"
            placeholder="Search users..."
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={selected.size === 0 || add.isPending} onClick={() => addUsers([...selected])}>
            {add.isPending ? <Spinner /> : <UserPlus aria-hidden="true" />}
            Add selected ({selected.size})
          </Button>
          <Button variant="ghost" size="sm" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
            <X aria-hidden="true" />
            Clear selection
          </Button>
        </div>
        {users.isError ? (
          <ErrorState title="We couldn't load the users" onRetry={() => void users.refetch()} />
        ) : !candidates ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label="Loading users" />
          </div>
        ) : candidates.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">
            {search ? "No other users match your search." : "Every user is already in this course."}
          </p>
        ) : (
          <ul aria-label="Users to add" className="grid max-h-[28rem] gap-2 overflow-y-auto">
            {candidates.map((user) => (
              <li key={user._id} className="flex items-center gap-3 rounded-lg border p-3">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={selected.has(user._id)}
                  onChange={() => toggle(user._id)}
                  aria-label={`Select ${user.name}`}
                />
                <UserAvatar user={user} className="size-8" />
                <div className="grid min-w-0 flex-1">
                  <span className="truncate font-medium">{user.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {user.email} · {user.role}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={add.isPending}
                  onClick={() => addUsers([user._id])}
                  aria-label={`Add ${user.name}`}
                >
                  <UserPlus aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">Add</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
