import { Home } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";

export function NotFoundPage() {
  const { t } = useTranslation("not-found");
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <PageTitle name={t("pageTitle")} />
      <p className="font-extrabold text-7xl text-primary tracking-tight">404</p>
      <h1 className="font-semibold text-2xl">{t("MESSAGES.pageNotFound", { ns: "messages" })}</h1>
      <p className="max-w-md text-muted-foreground">{t("description")}</p>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden="true" />
          {t("home")}
        </Link>
      </Button>
    </div>
  );
}
