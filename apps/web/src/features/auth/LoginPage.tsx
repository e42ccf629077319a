import { LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useRegistrationOpen } from "@/api/site-settings";
import { AuthShell } from "./AuthShell";
import { GuestOnly } from "./GuestOnly";
import { LoginForm } from "./LoginForm";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const registrationOpen = useRegistrationOpen();
  return (
    <GuestOnly>
      <AuthShell
        title={t("login.title")}
        pageTitle={t("login.pageTitle")}
        summary={t("login.summary")}
        description={t("login.description")}
        icon={LogIn}
        footer={
          registrationOpen && (
            <p>
              {t("login.noAccount")}{" "}
              <Link
                to="/register"
                state={location.state}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {t("login.signUp")}
              </Link>
            </p>
          )
        }
      >
        <LoginForm />
      </AuthShell>
    </GuestOnly>
  );
}
