import { Wrench } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { usePublicSettings } from "@/api/site-settings";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { SYSTEM_SETTINGS_PATH } from "@/components/nav/nav-links";

/** For an admin working during maintenance: everyone else sees the maintenance page (MaintenanceGate). */
export function MaintenanceBanner() {
  const { user } = useAuth();
  const { t } = useTranslation("maintenance");
  const { pathname } = useLocation();
  const maintenance = usePublicSettings()?.maintenanceMode ?? false;
  if (!maintenance || !user || !isAdmin(user.role)) return null;
  return (
    <div role="status" className="flex items-start gap-2 border-b bg-amber-500/15 px-4 py-2 text-sm">
      <Wrench aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
      <p>
        {t("adminBanner")}{" "}
        {pathname !== SYSTEM_SETTINGS_PATH && (
          <Link to={SYSTEM_SETTINGS_PATH} className="font-medium text-primary underline underline-offset-4">
            {t("turnOff")}
          </Link>
        )}
      </p>
    </div>
  );
}
