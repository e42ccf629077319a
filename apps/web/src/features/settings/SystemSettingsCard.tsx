import { BACKUP_FREQUENCIES, type SystemSettings, systemSettingsSchema } from "@lms/contract";
import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, messageOf } from "@/api/errors";
import { useSaveSystemSettings, useSystemSettings } from "@/api/site-settings";
import { ErrorState } from "@/components/ErrorState";
import { controlProps, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { FileTypesInput } from "./FileTypesInput";

/** Each switch's label and hint are `system.switches.<name>.label` and `.hint`. */
const SWITCHES = [
  "maintenanceMode",
  "registrationEnabled",
  "emailNotifications",
  "instructorsMayPublish",
  "requireTwoFactorForAdmins",
] as const;

const NUMBERS = ["maxFileSize", "maxUsers", "maxCourses", "sessionTimeout", "startingCredits"] as const;

/** The system configuration (on /admin/settings), loaded from and saved to the server. */
export function SystemSettingsCard() {
  const { t } = useTranslation(["settings", "messages"]);
  const settings = useSystemSettings(true);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{t("system.title")}</CardTitle>
        <CardDescription>{t("system.description")}</CardDescription>
      </CardHeader>
      {settings.isPending ? (
        <CardContent className="grid gap-4" role="status" aria-label={t("system.loading")}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </CardContent>
      ) : settings.isError ? (
        <CardContent>
          <ErrorState
            title={t("messages:SETTINGS_MESSAGES.loadFailed")}
            description={messageOf(settings.error, t("system.tryAgain"))}
            onRetry={() => void settings.refetch()}
          />
        </CardContent>
      ) : (
        <SystemSettingsForm initial={settings.data} />
      )}
    </Card>
  );
}

function SystemSettingsForm({ initial }: { initial: SystemSettings }) {
  const { t } = useTranslation(["settings", "messages"]);
  const form = useForm<SystemSettings>({
    resolver: localizedResolver(systemSettingsSchema),
    mode: "onChange",
    defaultValues: initial,
  });
  const { register, formState, handleSubmit, reset, setError } = form;
  const { errors, isDirty, isValid } = formState;
  // The file types field keeps its own text; a new key starts it again from the reset values.
  const [resetCount, setResetCount] = useState(0);
  const save = useSaveSystemSettings();
  const busy = save.isPending;
  const id = (name: string) => `system-${name}`;
  const control = (name: keyof SystemSettings) => controlProps(id(name), errors[name], busy);

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        toast.success(t("messages:SETTINGS_MESSAGES.updated"));
      },
      onError: (error) => {
        for (const item of error instanceof ApiError ? error.errors : []) {
          if (item.path in initial) setError(item.path as FieldPath<SystemSettings>, { message: item.msg });
        }
        const failed = t("messages:SETTINGS_MESSAGES.saveFailed");
        toast.error(failed, { description: messageOf(error, failed) });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t("system.title")}>
      <CardContent className="grid gap-5">
        <FormField id={id("siteName")} label={t("system.siteName")} error={errors.siteName?.message}>
          <Input {...control("siteName")} {...register("siteName")} autoComplete="off" />
        </FormField>

        <fieldset className="grid gap-3">
          <legend className="mb-2 font-medium text-sm">{t("system.access")}</legend>
          {SWITCHES.map((name) => (
            <label
              key={name}
              className="flex items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input type="checkbox" className="mt-0.5 size-4 accent-primary" disabled={busy} {...register(name)} />
              <span className="grid gap-0.5">
                <span className="font-medium">{t(`system.switches.${name}.label`)}</span>
                <span className="text-muted-foreground">{t(`system.switches.${name}.hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map((name) => (
            <FormField key={name} id={id(name)} label={t(`system.numbers.${name}`)} error={errors[name]?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={name === "startingCredits" ? 0 : 1}
                {...control(name)}
                {...register(name, { valueAsNumber: true })}
              />
            </FormField>
          ))}
        </div>

        <FormField
          id={id("allowedFileTypes")}
          label={t("system.fileTypes")}
          error={errors.allowedFileTypes?.message ?? errors.allowedFileTypes?.find?.((item) => item)?.message}
        >
          <Controller
            control={form.control}
            name="allowedFileTypes"
            render={({ field }) => (
              <FileTypesInput
                key={resetCount}
                {...control("allowedFileTypes")}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="pdf, docx, mp4"
              />
            )}
          />
        </FormField>

        <FormField
          id={id("backupFrequency")}
          label={t("system.backupFrequency")}
          error={errors.backupFrequency?.message}
        >
          <NativeSelect {...control("backupFrequency")} {...register("backupFrequency")}>
            {BACKUP_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {t(`system.frequencies.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={busy || !isDirty}
          onClick={() => {
            reset(initial);
            setResetCount((n) => n + 1);
          }}
        >
          {t("system.reset")}
        </Button>
        <Button type="submit" disabled={busy || !isDirty || !isValid}>
          {busy && <Spinner />}
          {t("system.save")}
        </Button>
      </CardFooter>
    </form>
  );
}
