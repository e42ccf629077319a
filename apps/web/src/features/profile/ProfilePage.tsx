import type { User } from "@lms/contract";
import { KeyRound, LogOut, Mail, Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "@/auth/auth-context";
import { roleLabel } from "@/auth/roles";
import { PageTitle } from "@/components/PageMeta";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/format";
import { STATUS_LABELS } from "@/lib/user-status";
import { AvatarEditor } from "./AvatarEditor";
import { CertificatesCard } from "./CertificatesCard";
import { ChangeEmailDialog } from "./ChangeEmailDialog";
import { ChangePasswordDialog } from "./ChangePasswordDialog";
import { EditProfileDialog } from "./EditProfileDialog";
import { SignOutOthersDialog } from "./SignOutOthersDialog";

type OpenDialog = "edit" | "password" | "email" | "signOutOthers" | null;

/** Spec §2 Profile: the signed-in user's account, with its fields, picture, and the buttons that change them. */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const { user } = useAuth();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  if (!user) return <LoginPrompt />;
  const close = () => setDialog(null);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("title")} />
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("title")}</h1>
      <Card>
        <CardContent className="flex flex-col gap-6 pt-6 sm:flex-row sm:items-start">
          <AvatarEditor user={user} />
          <div className="grid min-w-0 flex-1 gap-2">
            <p className="break-words font-semibold text-xl" data-testid="profile-name">
              {user.name}
            </p>
            <div className="flex flex-wrap gap-2">
              <Badge variant="secondary">{roleLabel(user.role)}</Badge>
              <Badge variant={user.status === "active" ? "success" : "outline"}>{STATUS_LABELS[user.status]}</Badge>
            </div>
            <p className="break-all text-muted-foreground">{user.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button onClick={() => setDialog("edit")}>
                <Pencil aria-hidden="true" />
                {t("actions.editProfile")}
              </Button>
              <Button variant="outline" onClick={() => setDialog("password")}>
                <KeyRound aria-hidden="true" />
                {t("actions.changePassword")}
              </Button>
              <Button variant="outline" onClick={() => setDialog("email")}>
                <Mail aria-hidden="true" />
                {t("actions.changeEmail")}
              </Button>
              <Button variant="outline" onClick={() => setDialog("signOutOthers")}>
                <LogOut aria-hidden="true" />
                {t("actions.signOutOthers")}
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
      <ProfileDetails user={user} />
      <CertificatesCard />
      {dialog === "edit" && <EditProfileDialog user={user} onClose={close} />}
      {dialog === "password" && <ChangePasswordDialog onClose={close} />}
      {dialog === "email" && <ChangeEmailDialog currentEmail={user.email} onClose={close} />}
      {dialog === "signOutOthers" && <SignOutOthersDialog onClose={close} />}
    </div>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const { t } = useTranslation("profile");
  const { bio, location, phone, website } = user.profile;
  const none = <span className="text-muted-foreground">{t("fields.notSet")}</span>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("about")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label={t("fields.location")}>{location || none}</Detail>
          <Detail label={t("fields.phone")}>{phone || none}</Detail>
          <Detail label={t("fields.website")}>
            {website ? (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="break-all text-primary underline"
              >
                {website}
              </a>
            ) : (
              none
            )}
          </Detail>
          <Detail label={t("fields.credits")}>
            {t("format.credits", { ns: "common", count: user.credits, formatted: formatCount(user.credits) })}
          </Detail>
          <Detail label={t("fields.bio")} className="sm:col-span-2">
            {bio ? <span className="whitespace-pre-line">{bio}</span> : none}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`grid gap-1 ${className ?? ""}`}>
      <dt className="font-medium text-muted-foreground text-sm">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function LoginPrompt() {
  const { t } = useTranslation(["profile", "messages"]);
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-16 text-center">
      <PageTitle name={t("title")} />
      <p>{t("messages:PROFILE_MESSAGES.loginPrompt")}</p>
      <Button asChild className="justify-self-center">
        <Link to="/login">{t("logIn")}</Link>
      </Button>
    </div>
  );
}
