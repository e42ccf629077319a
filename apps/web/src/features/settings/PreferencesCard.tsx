import { LANGUAGES, PREFERENCE_TIME_ZONES, PROFILE_VISIBILITIES, type Preferences } from "@lms/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePreferences } from "@/app/preferences-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { LANGUAGE_NAMES } from "@/i18n/languages";
import { zoneAbbreviation } from "@/lib/datetime";

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Spec §2 Settings: the personal preferences, applied at once and saved to the account (issue 12). */
export function PreferencesCard() {
  const { preferences, update } = usePreferences();
  const { t } = useTranslation("settings");
  const notify = (change: Partial<Preferences["notifications"]>) =>
    update({ notifications: { ...preferences.notifications, ...change } });
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{t("preferences.title")}</CardTitle>
        <CardDescription>{t("preferences.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-medium text-sm">{t("preferences.notifications")}</legend>
          <Toggle
            id="pref-email"
            checked={preferences.notifications.email}
            onChange={(email) => notify({ email })}
            label={t("preferences.email")}
            hint={t("preferences.emailHint")}
          />
          <Toggle
            id="pref-in-app"
            checked={preferences.notifications.inApp}
            onChange={(inApp) => notify({ inApp })}
            label={t("preferences.inApp")}
            hint={t("preferences.inAppHint")}
          />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="pref-timezone" label={t("preferences.timeZone")} hint={t("preferences.timeZoneHint")}>
            <NativeSelect
              id="pref-timezone"
              value={preferences.timezone ?? ""}
              onChange={(event) => update({ timezone: (event.target.value || null) as Preferences["timezone"] })}
            >
              <option value="">{t("preferences.deviceZone", { zone: deviceZone() })}</option>
              {PREFERENCE_TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {zone} ({zoneAbbreviation(new Date(), zone)})
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id="pref-language"
            label={t("language.label", { ns: "common" })}
            hint={t("language.hint", { ns: "common" })}
          >
            <NativeSelect
              id="pref-language"
              value={preferences.language}
              onChange={(event) => update({ language: event.target.value as Preferences["language"] })}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id="pref-visibility"
            label={t("preferences.visibility")}
            hint={t(`preferences.visibilityHint.${preferences.profileVisibility}`)}
          >
            <NativeSelect
              id="pref-visibility"
              value={preferences.profileVisibility}
              onChange={(event) =>
                update({ profileVisibility: event.target.value as Preferences["profileVisibility"] })
              }
            >
              {PROFILE_VISIBILITIES.map((visibility) => (
                <option key={visibility} value={visibility}>
                  {t(`preferences.visibilities.${visibility}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Toggle
          id="pref-compact"
          checked={preferences.compactMode}
          onChange={(compactMode) => update({ compactMode })}
          label={t("preferences.compact")}
          hint={t("preferences.compactHint")}
        />
      </CardContent>
    </Card>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}

interface ToggleProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function Toggle({ id, label, hint, checked, onChange }: ToggleProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 accent-primary"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}
