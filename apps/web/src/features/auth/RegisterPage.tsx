import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AuthShell } from "./AuthShell";
import { GuestOnly } from "./GuestOnly";
import { RegisterForm } from "./RegisterForm";

export function RegisterPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
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
