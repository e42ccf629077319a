import {
  type BroadcastNotification,
  broadcastNotificationSchema,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIMITS,
  type NotificationChannel,
  ROLES,
} from "@lms/contract";
import { Send } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { useBroadcastNotification } from "@/api/notifications";
import { ROLE_LABELS } from "@/auth/roles";
import { controlProps, errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatCount } from "@/lib/format";
import { localizedResolver } from "@/lib/localized-resolver";
import { failureText, showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { type PickedUser, UserPicker } from "./UserPicker";

type AudienceType = BroadcastNotification["audience"]["type"];
const AUDIENCES: AudienceType[] = ["all", "role", "course", "users"];
const CHANNEL_KEYS = { "in-app": "form.channelInApp", email: "form.channelEmail" } as const satisfies Record<
  NotificationChannel,
  string
>;
const EMPTY: BroadcastNotification = { title: "", message: "", audience: { type: "all" }, channels: ["in-app"] };

function audienceOf(type: AudienceType, picked: PickedUser[], courseId = ""): BroadcastNotification["audience"] {
  if (type === "role") return { type, role: "learner" };
  if (type === "course") return { type, courseId };
  if (type === "users") return { type, userIds: picked.map((u) => u._id) };
  return { type: "all" };
}

/** Compose and send a notification (POST /api/admin/notifications). */
export function BroadcastForm() {
  const send = useBroadcastNotification();
  const courses = useManagedCourseOptions();
  const [picked, setPicked] = useState<PickedUser[]>([]);
  const form = useForm<BroadcastNotification>({
    resolver: localizedResolver(broadcastNotificationSchema),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const { register, control, handleSubmit, formState, setValue } = form;
  const audience = useWatch({ control, name: "audience" });
  const errors = formState.errors;
  const audienceErrors = errors.audience as
    | { message?: string; role?: { message?: string }; courseId?: { message?: string }; userIds?: { message?: string } }
    | undefined;
  const busy = send.isPending;
  const { t } = useTranslation(["notifications", "messages"]);

  const choosePeople = (users: PickedUser[]) => {
    setPicked(users);
    setValue("audience", audienceOf("users", users), { shouldValidate: formState.isSubmitted });
  };

  const submit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: ({ recipients }) => {
        toast.success(t("messages:NOTIFICATION_MESSAGES.sent"), {
          description: t("form.sentTo", { count: recipients, formatted: formatCount(recipients) }),
        });
        form.reset(EMPTY);
        setPicked([]);
      },
      onError: (error) => {
        if (!showServerErrors(form, error, ["title", "message", "channels"])) {
          toast.error(t("form.notSent"), { description: failureText(error, t("form.tryAgain")) });
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t("form.title")}>
      <FormField id="notification-title" label={t("form.titleLabel")} error={errors.title?.message}>
        <Input
          {...controlProps("notification-title", errors.title, busy)}
          maxLength={NOTIFICATION_LIMITS.titleMax + 20}
          {...register("title")}
        />
      </FormField>
      <FormField id="notification-message" label={t("form.message")} error={errors.message?.message}>
        <Textarea {...controlProps("notification-message", errors.message, busy)} rows={4} {...register("message")} />
      </FormField>

      <fieldset className="grid min-w-0 gap-3" disabled={busy}>
        <legend className="mb-2 text-sm font-medium">{t("form.audience")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {AUDIENCES.map((type) => (
            <label key={type} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
              <input
                type="radio"
                name="audience-type"
                value={type}
                checked={audience.type === type}
                onChange={() => setValue("audience", audienceOf(type, picked), { shouldValidate: false })}
                className="size-4 accent-primary"
              />
              {t(`form.audiences.${type}`)}
            </label>
          ))}
        </div>
        {audience.type === "role" && (
          <FormField id="audience-role" label={t("form.role")} error={audienceErrors?.role?.message}>
            <Controller
              control={control}
              name="audience.role"
              render={({ field }) => (
                <NativeSelect id="audience-role" value={field.value} onChange={field.onChange}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
          </FormField>
        )}
        {audience.type === "course" && (
          <FormField id="audience-course" label={t("form.course")} error={audienceErrors?.courseId?.message}>
            <Controller
              control={control}
              name="audience.courseId"
              render={({ field, fieldState }) => (
                <NativeSelect
                  {...controlProps("audience-course", fieldState.error, courses.isPending)}
                  value={field.value}
                  onChange={field.onChange}
                >
                  <option value="">{courses.isError ? t("form.coursesFailed") : t("form.chooseCourse")}</option>
                  {courses.data?.map((course) => (
                    <option key={course._id} value={course._id}>
                      {course.title}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
          </FormField>
        )}
        {audience.type === "users" && (
          <>
            <UserPicker picked={picked} onChange={choosePeople} errorId={errorId("audience-users")} />
            {audienceErrors?.userIds?.message && (
              <p id={errorId("audience-users")} className="text-sm text-destructive">
                {audienceErrors.userIds.message}
              </p>
            )}
          </>
        )}
      </fieldset>

      <fieldset className="grid min-w-0 gap-2" disabled={busy}>
        <legend className="mb-2 text-sm font-medium">{t("form.channels")}</legend>
        <Controller
          control={control}
          name="channels"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {NOTIFICATION_CHANNELS.map((channel) => (
                <label key={channel} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={field.value.includes(channel)}
                    aria-describedby={errors.channels ? errorId("channels") : undefined}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? NOTIFICATION_CHANNELS.filter((c) => c === channel || field.value.includes(c))
                          : field.value.filter((c) => c !== channel),
                      )
                    }
                  />
                  {t(CHANNEL_KEYS[channel])}
                </label>
              ))}
            </div>
          )}
        />
        {errors.channels?.message && (
          <p id={errorId("channels")} className="text-sm text-destructive">
            {errors.channels.message}
          </p>
        )}
      </fieldset>

      <div>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <Send aria-hidden="true" />}
          {t("form.send")}
        </Button>
      </div>
    </form>
  );
}
