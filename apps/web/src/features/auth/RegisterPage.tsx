import { LogIn, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useRegistrationOpen } from "@/api/site-settings";
import { Button } from "@/components/ui/button";
import { AuthShell } from "./AuthShell";
import { GuestOnly } from "./GuestOnly";
import { RegisterForm } from "./RegisterForm";

/** The sign-up form; while the admin has registration turned off, says so instead of a form that would fail. */
export function RegisterPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const open = useRegistrationOpen();
  if (!open) {
    return (
      <GuestOnly>
        <AuthShell
          title={t("register.closedTitle")}
          pageTitle={t("register.pageTitle")}
          summary={t("register.summary")}
          description={t("register.closedText")}
          icon={UserPlus}
        >
          <Button asChild className="w-full">
            <Link to="/login" state={location.state}>
              <LogIn aria-hidden="true" />
              {t("register.signIn")}
            </Link>
          </Button>
        </AuthShell>
      </GuestOnly>
    );
  }
  return (
    <GuestOnly>
      <AuthShell
        title={t("register.title")}
        pageTitle={t("register.pageTitle")}
        summary={t("register.summary")}
        description={t("register.description")}
        icon={UserPlus}
        footer={
          <p>
            {t("register.haveAccount")}{" "}
            <Link
              to="/login"
              state={location.state}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("register.signIn")}
            </Link>
          </p>
        }
      >
        <RegisterForm />
      </AuthShell>
    </GuestOnly>
  );
}
