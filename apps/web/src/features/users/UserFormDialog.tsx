import {
  createUserFormSchema,
  editUserFormSchema,
  ROLES,
  type Role,
  USER_STATUSES,
  type User,
  type UserFormValues,
} from "@lms/contract";
import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSystemSettings } from "@/api/site-settings";
import { useCreateUser, useUpdateUser } from "@/api/user-admin";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { PasswordStrength } from "@/components/PasswordStrength";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { localizedResolver } from "@/lib/localized-resolver";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { STATUS_LABELS } from "@/lib/user-status";
import { initialValues, showUserFormErrors } from "./user-form";

interface UserFormDialogProps {
  /** The user to edit; null to create one. */
  user: User | null;
  /** Only a super_admin may give the super_admin role (spec §6); nobody changes their own role or status. */
  actor: { id: string; role: Role };
  /** The e-mails of the loaded users: a new e-mail among them is refused before the server is asked (spec §5). */
  loadedEmails: readonly string[];
  onClose: () => void;
}

/** Create and edit dialogs of spec §5: live field errors, the strength meter, submit disabled while any error exists. */
export function UserFormDialog({ user, actor, loadedEmails, onClose }: UserFormDialogProps) {
  const { t } = useTranslation("users");
  const editing = user !== null;
  const self = user?._id === actor.id;
  const schema = useMemo(() => {
    const taken = new Set(loadedEmails.filter((email) => email !== user?.email));
    return (editing ? editUserFormSchema : createUserFormSchema).refine((values) => !taken.has(values.email), {
      path: ["email"],
      message: t("MESSAGES.emailTaken", { ns: "messages" }),
    });
  }, [editing, loadedEmails, user, t]);
  const form = useForm<UserFormValues>({
    resolver: localizedResolver(schema),
    mode: "onChange",
    defaultValues: initialValues(user),
  });
  const { register, formState, handleSubmit } = form;
  // A new user starts with the site's starting credits unless the admin typed another amount.
  const startingCredits = useSystemSettings(!editing).data?.startingCredits;
  useEffect(() => {
    if (startingCredits !== undefined && !form.getFieldState("credits").isDirty) {
      form.setValue("credits", startingCredits);
    }
  }, [startingCredits, form]);
  const errors = formState.errors;
  const password = useWatch({ control: form.control, name: "password" }) ?? "";
  const inviting = useWatch({ control: form.control, name: "sendInvitation" }) === true;
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;
  const roles = ROLES.filter((role) => role !== "super_admin" || actor.role === "super_admin" || user?.role === role);
  const id = (field: string) => `user-${field}`;
  const control = (field: keyof UserFormValues) => controlProps(id(field), errors[field], busy);

  const fail = (error: unknown, fallback: string) => {
    showUserFormErrors(form, error);
    toast.error(fallback, { description: failureText(error, fallback) });
  };
  const submit = handleSubmit(
    (values) => {
      if (busy) return;
      const done = (message: string) => () => {
        toast.success(message);
        onClose();
      };
      const { sendInvitation, password: chosen, ...fields } = values;
      if (user) {
        update.mutate(
          { id: user._id, input: { ...fields, password: chosen } },
          {
            onSuccess: done(t("USER_ADMIN_MESSAGES.updated", { ns: "messages" })),
            onError: (e) => fail(e, t("USER_ADMIN_MESSAGES.updateFailed", { ns: "messages" })),
          },
        );
      } else {
        const input = sendInvitation ? { ...fields, sendInvitation } : { ...fields, password: chosen };
        const created = sendInvitation ? "USER_ADMIN_MESSAGES.invitationSent" : "USER_ADMIN_MESSAGES.created";
        create.mutate(input, {
          onSuccess: done(t(created, { ns: "messages" })),
          onError: (e) => fail(e, t("USER_ADMIN_MESSAGES.createFailed", { ns: "messages" })),
        });
      }
    },
    () => toast.error(t("USER_ADMIN_MESSAGES.formInvalid", { ns: "messages" })),
  );

  return (
    <FormDialog
      title={editing ? t("form.editTitle") : t("form.createTitle")}
      description={editing ? t("form.editDescription", { name: user.name }) : t("form.createDescription")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={editing ? t("actions.saveChanges", { ns: "common" }) : t("form.createTitle")}
      submitUnavailable={Object.keys(errors).length > 0 ? t("unavailable.fixErrors", { ns: "common" }) : undefined}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto px-1 sm:grid-cols-2">
        <FormField id={id("name")} label={t("form.name")} error={errors.name?.message}>
          <Input {...control("name")} autoComplete="off" {...register("name")} />
        </FormField>
        <FormField id={id("email")} label={t("form.email")} error={errors.email?.message}>
          <Input {...control("email")} type="email" autoComplete="off" {...register("email")} />
        </FormField>
        {!editing && (
          <label className="flex items-start gap-2 text-sm sm:col-span-2" htmlFor={id("sendInvitation")}>
            <input
              id={id("sendInvitation")}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              disabled={busy}
              {...register("sendInvitation", { onChange: () => form.trigger("password") })}
            />
            <span>
              <span className="font-medium">{t("form.sendInvitation")}</span>
              <span className="block text-muted-foreground">{t("form.sendInvitationHint")}</span>
            </span>
          </label>
        )}
        {!inviting && (
          <div className="grid gap-2 sm:col-span-2">
            <FormField
              id={id("password")}
              label={editing ? t("form.newPassword") : t("form.password")}
              error={errors.password?.message}
            >
              <PasswordInput {...control("password")} autoComplete="new-password" {...register("password")} />
            </FormField>
            <PasswordStrength password={password} />
          </div>
        )}
        {self ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {t("USER_ADMIN_MESSAGES.selfDemote", { ns: "messages" })}.
          </p>
        ) : (
          <>
            <FormField id={id("role")} label={t("form.role")} error={errors.role?.message}>
              <NativeSelect {...control("role")} {...register("role")}>
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`, { ns: "common" })}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={id("status")} label={t("form.status")} error={errors.status?.message}>
              <NativeSelect {...control("status")} {...register("status")}>
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </>
        )}
        <FormField id={id("credits")} label={t("form.credits")} error={errors.credits?.message}>
          <Input
            {...control("credits")}
            type="number"
            min={0}
            step={1}
            {...register("credits", { valueAsNumber: true })}
          />
        </FormField>
        <FormField id={id("phone")} label={t("form.phone")} error={errors.phone?.message}>
          <Input {...control("phone")} type="tel" {...register("phone")} />
        </FormField>
        <FormField id={id("website")} label={t("form.website")} error={errors.website?.message}>
          <Input {...control("website")} type="url" placeholder="https://" {...register("website")} />
        </FormField>
        <FormField id={id("location")} label={t("form.location")} error={errors.location?.message}>
          <Input {...control("location")} {...register("location")} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={id("bio")} label={t("form.bio")} error={errors.bio?.message}>
            <Textarea {...control("bio")} rows={3} {...register("bio")} />
          </FormField>
        </div>
      </div>
    </FormDialog>
  );
}
