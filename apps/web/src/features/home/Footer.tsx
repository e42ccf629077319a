import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRegistrationOpen } from "@/api/site-settings";
import { Brand } from "@/components/Brand";
import { useSiteName } from "@/components/site-name";

const COLUMNS = [
  {
    key: "explore",
    links: [
      { to: "/#features", key: "features" },
      { to: "/courses", key: "catalogue" },
      { to: "/#about", key: "mission" },
    ],
  },
  {
    key: "account",
    links: [
      { to: "/register", key: "register" },
      { to: "/forgot-password", key: "resetPassword" },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation("home");
  const siteName = useSiteName();
  const registrationOpen = useRegistrationOpen();
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="grid content-start gap-3 lg:col-span-2">
          <Brand />
          <p className="max-w-sm text-sm text-muted-foreground">{t("footer.tagline")}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.key} aria-label={t(`footer.columns.${column.key}`)}>
            <h2 className="font-semibold text-sm">{t(`footer.columns.${column.key}`)}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {column.links
                .filter((link) => registrationOpen || link.key !== "register")
                .map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                      {t(`footer.links.${link.key}`)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t py-6 text-center text-xs text-muted-foreground">
        {t("footer.copyright", { year: new Date().getFullYear(), site: siteName })}
      </p>
    </footer>
  );
}
