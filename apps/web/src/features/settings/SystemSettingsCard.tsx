import { zodResolver } from "@hookform/resolvers/zod";
import { type BACKUP_FREQUENCIES, SETTINGS_MESSAGES, type SystemSettings, systemSettingsSchema } from "@lms/contract";
import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { toast } from "sonner";
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
import { FileTypesInput } from "./FileTypesInput";

const SWITCHES: { name: keyof SystemSettings; label: string; hint: string }[] = [
  {
    name: "maintenanceMode",
    label: "Maintenance mode",
    hint: "Only administrators can use the site; everyone else sees a maintenance page.",
  },
  { name: "registrationEnabled", label: "Registration enabled", hint: "Visitors can create their own accounts." },
  {
    name: "emailNotifications",
    label: "Email notifications",
    hint: "Send notification e-mails. Password reset e-mails are always sent.",
  },
  {
    name: "instructorsMayPublish",
    label: "Instructors may publish",
    hint: "Instructors publish their own courses instead of submitting them for review.",
  },
  {
    name: "requireTwoFactorForAdmins",
    label: "Require two-factor sign-in for admins",
    hint: "Admins without it can only set it up until they turn it on.",
  },
];

const NUMBERS: { name: keyof SystemSettings; label: string }[] = [
  { name: "maxFileSize", label: "Max file size (MB)" },
  { name: "maxUsers", label: "Max users" },
  { name: "maxCourses", label: "Max courses" },
  { name: "sessionTimeout", label: "Session timeout (minutes)" },
];

const FREQUENCY_LABELS: Record<(typeof BACKUP_FREQUENCIES)[number], string> = {
  hourly: "Hourly",
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
};

/** The admin part of /settings: the system configuration, loaded from and saved to the server. */
export function SystemSettingsCard() {
  const settings = useSystemSettings(true);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">System configuration</CardTitle>
        <CardDescription>Settings for the whole site and everyone who uses it.</CardDescription>
      </CardHeader>
      {settings.isPending ? (
        <CardContent className="grid gap-4" role="status" aria-label="Loading settings">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </CardContent>
      ) : settings.isError ? (
        <CardContent>
          <ErrorState
            title={SETTINGS_MESSAGES.loadFailed}
            description={messageOf(settings.error, "Please try again.")}
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
  const form = useForm<SystemSettings>({
    resolver: zodResolver(systemSettingsSchema),
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
        toast.success(SETTINGS_MESSAGES.updated);
      },
      onError: (error) => {
        for (const item of error instanceof ApiError ? error.errors : []) {
          if (item.path in initial) setError(item.path as FieldPath<SystemSettings>, { message: item.msg });
        }
        toast.error(SETTINGS_MESSAGES.saveFailed, { description: messageOf(error, SETTINGS_MESSAGES.saveFailed) });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="System configuration">
      <CardContent className="grid gap-5">
        <FormField id={id("siteName")} label="Site name" error={errors.siteName?.message}>
          <Input {...control("siteName")} {...register("siteName")} autoComplete="off" />
        </FormField>

        <fieldset className="grid gap-3">
          <legend className="mb-2 font-medium text-sm">Access and e-mail</legend>
          {SWITCHES.map(({ name, label, hint }) => (
            <label
              key={name}
              className="flex items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input type="checkbox" className="mt-0.5 size-4 accent-primary" disabled={busy} {...register(name)} />
              <span className="grid gap-0.5">
                <span className="font-medium">{label}</span>
                <span className="text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map(({ name, label }) => (
            <FormField key={name} id={id(name)} label={label} error={errors[name]?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                {...control(name)}
                {...register(name, { valueAsNumber: true })}
              />
            </FormField>
          ))}
        </div>

        <FormField
          id={id("allowedFileTypes")}
          label="Allowed file types"
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

        <FormField id={id("backupFrequency")} label="Backup frequency" error={errors.backupFrequency?.message}>
          <NativeSelect {...control("backupFrequency")} {...register("backupFrequency")}>
            {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
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
          Reset
        </Button>
        <Button type="submit" disabled={busy || !isDirty || !isValid}>
          {busy && <Spinner />}
          Save settings
        </Button>
      </CardFooter>
    </form>
  );
}
