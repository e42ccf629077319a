import { ArrowRight, Sparkles } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useGetStartedPath } from "@/api/site-settings";
import { useAuth } from "@/auth/auth-context";
import { homePathFor } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { HeroStats } from "./HeroStats";

export function Hero() {
  const { t } = useTranslation("home");
  const getStarted = useGetStartedPath();
  const { user } = useAuth();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-primary/5 to-background"
    >
      <div
        aria-hidden="true"
        className="absolute -top-32 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto grid max-w-3xl justify-items-center gap-6 text-center">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm text-muted-foreground">
            <Sparkles aria-hidden="true" className="size-4 text-primary" />
            {t("hero.badge")}
          </p>
          <h1 id="hero-title" className="font-extrabold text-4xl tracking-tight sm:text-6xl">
            <Trans t={t} i18nKey="hero.title" components={{ accent: <span className="text-primary" /> }} />
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t("hero.text")}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {user ? (
              <Button size="lg" asChild>
                <Link to={homePathFor(user.role)}>
                  {t("hero.dashboard")}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ) : (
              <Button size="lg" asChild>
                <Link to={getStarted}>
                  {t("hero.start")}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            )}
            <Button size="lg" variant="outline" asChild>
              <Link to="/courses">{t("hero.explore")}</Link>
            </Button>
          </div>
        </div>
        <div className="mx-auto w-full max-w-4xl">
          <HeroStats />
        </div>
      </div>
    </section>
  );
}
