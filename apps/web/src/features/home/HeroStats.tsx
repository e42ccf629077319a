import type { PublicStats } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { usePublicStats } from "@/api/stats";
import { Skeleton } from "@/components/ui/skeleton";
import { currentLanguage } from "@/i18n/i18n";
import { formatCount } from "@/lib/format";

const percent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: 1 }).format(value / 100);

/** Values are undefined while loading. */
function figures(data: PublicStats | undefined) {
  return [
    { key: "students" as const, value: data && formatCount(data.students) },
    { key: "courses" as const, value: data && formatCount(data.courses) },
    { key: "instructors" as const, value: data && formatCount(data.instructors) },
    { key: "successRate" as const, value: data && (data.successRate === null ? "—" : percent(data.successRate)) },
  ];
}

export function HeroStats() {
  const { t } = useTranslation("home");
  const stats = usePublicStats();
  if (stats.isError) {
    return <p className="text-center text-sm text-muted-foreground">{t("stats.unavailable")}</p>;
  }
  return (
    <dl aria-busy={stats.isPending} className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
      {figures(stats.data).map(({ key, value }) => (
        <div key={key} className="rounded-xl border bg-card/70 p-4 text-center shadow-xs backdrop-blur">
          <dt className="text-sm text-muted-foreground">{t(`stats.${key}`)}</dt>
          <dd className="mt-1 flex justify-center font-bold text-2xl tracking-tight sm:text-3xl">
            {value ?? <Skeleton className="h-8 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
