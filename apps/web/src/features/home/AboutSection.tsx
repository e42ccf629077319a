import { BookOpenCheck, Presentation, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";

const AUDIENCES = [
  { icon: BookOpenCheck, key: "learners" },
  { icon: Presentation, key: "instructors" },
  { icon: ShieldCheck, key: "administrators" },
] as const;

export function AboutSection() {
  const { t } = useTranslation("home");
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:items-start">
        <div>
          <h2 id="about-title" className="font-bold text-3xl tracking-tight">
            {t("about.title")}
          </h2>
          <p className="mt-3 text-muted-foreground">{t("about.text")}</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          {AUDIENCES.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-xl border bg-card p-5">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{t(`about.audiences.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(`about.audiences.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
