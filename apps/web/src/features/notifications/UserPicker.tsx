import type { User } from "@lms/contract";
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserPage } from "@/api/user-admin";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDebouncedValue } from "@/lib/useDebouncedValue";

export interface PickedUser {
  _id: string;
  name: string;
  email: string;
}

const SEARCH_DEBOUNCE_MS = 300;
const RESULTS = 5;

/** Finds users by name or e-mail (server-side search) and keeps the chosen ones as removable chips. */
export function UserPicker({
  picked,
  onChange,
  error,
  errorId,
}: {
  picked: PickedUser[];
  onChange: (users: PickedUser[]) => void;
  error?: string;
  errorId: string;
}) {
  const inputId = useId();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useUserPage({ page: 1, limit: RESULTS, search: search || undefined });
  const chosen = new Set(picked.map((u) => u._id));
  const { t } = useTranslation("notifications");
  const add = (user: User) => onChange([...picked, { _id: user._id, name: user.name, email: user.email }]);

  return (
    <div className="grid min-w-0 gap-3">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t("picker.find")}</Label>
        <Input
          id={inputId}
          type="search"
          value={text}
          placeholder={t("picker.placeholder")}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {search && (
        <ul aria-label={t("picker.matching")} className="grid gap-1">
          {results.isPending ? (
            <li className="text-sm text-muted-foreground">{t("picker.searching")}</li>
          ) : results.isError ? (
            <li role="alert" className="text-sm text-destructive">
              {t("picker.failed")}
            </li>
          ) : results.data.users.length === 0 ? (
            <li className="text-sm text-muted-foreground">{t("picker.none")}</li>
          ) : (
            results.data.users.map((user) => (
              <li
                key={user._id}
                className="flex min-w-0 items-center justify-between gap-2 rounded-md border px-3 py-2"
              >
                <span className="min-w-0 truncate text-sm">
                  {user.name} <span className="text-muted-foreground">({user.email})</span>
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={chosen.has(user._id)}
                  aria-label={t(chosen.has(user._id) ? "picker.addedNamed" : "picker.addNamed", { name: user.name })}
                  onClick={() => add(user)}
                >
                  <Plus aria-hidden="true" />
                  {chosen.has(user._id) ? t("picker.added") : t("picker.add")}
                </Button>
              </li>
            ))
          )}
        </ul>
      )}
      <div className="grid gap-2">
        <p className="text-sm font-medium">{t("picker.chosen", { count: picked.length })}</p>
        {picked.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("picker.nobody")}</p>
        ) : (
          <ul aria-label={t("picker.chosenLabel")} className="flex flex-wrap gap-2">
            {picked.map((user) => (
              <li
                key={user._id}
                className="flex items-center gap-1 rounded-full border bg-muted py-1 pr-1 pl-3 text-sm"
              >
                {user.name}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-6 rounded-full"
                  aria-label={t("picker.remove", { name: user.name })}
                  onClick={() => onChange(picked.filter((u) => u._id !== user._id))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
