import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export function CourseSearch({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    navigate(term ? `/courses?${new URLSearchParams({ search: term })}` : "/courses");
    onSearch?.();
  }

  return (
    <search className={cn("relative", className)}>
      <form onSubmit={submit}>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          name="search"
          aria-label={t("nav.searchCourses")}
          placeholder={t("nav.searchPlaceholder")}
          defaultValue={params.get("search") ?? ""}
          maxLength={100}
          className="h-9 pl-9"
        />
      </form>
    </search>
  );
}
