import { Award, CalendarClock, InfinityIcon, MessagesSquare, MonitorPlay, Video } from "lucide-react";
import { useTranslation } from "react-i18next";

const FEATURES = [
  { icon: MonitorPlay, key: "video" },
  { icon: Video, key: "live" },
  { icon: Award, key: "certificates" },
  { icon: CalendarClock, key: "scheduling" },
  { icon: MessagesSquare, key: "forums" },
  { icon: InfinityIcon, key: "selfPaced" },
] as const;

export function FeatureGrid() {
  const { t } = useTranslation("home");
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="font-bold text-3xl tracking-tight">
          {t("features.title")}
        </h2>
        <p className="mt-3 text-muted-foreground">{t("features.text")}</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, key }) => (
          <li key={key} className="rounded-xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md">
            <span className="inline-flex rounded-lg bg-primary/10 p-2.5 text-primary">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-4 font-semibold text-lg">{t(`features.items.${key}.title`)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t(`features.items.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
