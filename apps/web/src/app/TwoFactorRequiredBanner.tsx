import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useTwoFactorStatus } from "@/api/two-factor";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";

/** For an admin whom the site requires to use two-factor sign-in: every other admin call is refused until then. */
export function TwoFactorRequiredBanner() {
  const { user } = useAuth();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const status = useTwoFactorStatus(user !== null && isAdmin(user.role));
  if (!status.data?.required || status.data.enabled) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 border-b bg-destructive/10 px-4 py-2 text-sm">
      <ShieldAlert aria-hidden="true" className="size-4 text-destructive" />
      {t("TWO_FACTOR_MESSAGES.requiredForAdmins", { ns: "messages" })}
      {pathname !== "/settings" && (
        <Link to="/settings" className="font-medium text-primary underline underline-offset-4">
          {t("twoFactor.openSettings")}
        </Link>
      )}
    </div>
  );
}
