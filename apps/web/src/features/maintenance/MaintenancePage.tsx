import { LogIn, Wrench } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";

/** What everyone but administrators sees while the maintenanceMode setting is on. */
export function MaintenancePage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("maintenance");
  return (
    <StateScreen icon={Wrench} title={t("title")} description={t("SETTINGS_MESSAGES.maintenance", { ns: "messages" })}>
      <p className="text-sm text-muted-foreground">{t("recheck")}</p>
      {!signedIn && (
        <Button asChild variant="outline">
          <Link to="/login">
            <LogIn aria-hidden="true" />
            {t("adminSignIn")}
          </Link>
        </Button>
      )}
    </StateScreen>
  );
}
