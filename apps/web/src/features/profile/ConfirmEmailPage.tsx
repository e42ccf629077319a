import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useConfirmEmail } from "@/api/profile";
import { useAuth } from "@/auth/auth-context";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { failureText } from "@/lib/server-errors";

/** The link sent to a new e-mail address: opening it signs this browser out, makes the change and signs the account out everywhere. */
export function ConfirmEmailPage() {
  const { t } = useTranslation("profile");
  const { token = "" } = useParams();
  const confirm = useConfirmEmail();
  const { forgetSession } = useAuth();
  const { mutate } = confirm;
  // A link works once: ask once per token, even when the effect runs again.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    // The change ends every session of the account. This browser's session is let go first: kept until
    // the answer, any request it sent meanwhile would meet a 401 and take the page to sign-in.
    forgetSession();
    mutate(token);
  }, [mutate, token, forgetSession]);
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-16 text-center">
      <PageTitle name={t("confirm.pageTitle")} />
      <h1 className="font-bold text-2xl">{t("confirm.title")}</h1>
      <p role="status">
        {confirm.isSuccess
          ? confirm.data
          : confirm.isError
            ? failureText(confirm.error, t("confirm.invalid"))
            : t("confirm.confirming")}
      </p>
      <Button asChild variant="outline" className="justify-self-center">
        <Link to="/profile">{t("confirm.goToProfile")}</Link>
      </Button>
    </div>
  );
}
