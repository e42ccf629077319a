import { changePasswordFormSchema } from "@lms/contract";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useChangePassword } from "@/api/profile";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { PasswordStrength } from "@/components/PasswordStrength";
import { localizedResolver } from "@/lib/localized-resolver";
import { failureText, showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

type Values = z.input<typeof changePasswordFormSchema>;
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** Current password, then a new one with the user form's rules and strength meter (spec §5). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("profile");
  const form = useForm<Values>({
    resolver: localizedResolver(changePasswordFormSchema),
    mode: "onChange",
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { register, formState, handleSubmit } = form;
  const errors = formState.errors;
  const newPassword = useWatch({ control: form.control, name: "newPassword" }) ?? "";
  const change = useChangePassword();
  const busy = change.isPending;
  const control = (field: (typeof FIELDS)[number]) => controlProps(`password-${field}`, errors[field], busy);

  const submit = handleSubmit(({ currentPassword, newPassword: next }) =>
    change.mutate(
      { currentPassword, newPassword: next },
      {
        onSuccess: () => {
          toast.success(t("PROFILE_MESSAGES.passwordChanged", { ns: "messages" }));
          onClose();
        },
        onError: (error) => {
          showServerErrors(form, error, FIELDS);
          toast.error(t("password.failed"), { description: failureText(error, t("tryAgain")) });
        },
      },
    ),
  );

  return (
    <FormDialog
      title={t("actions.changePassword")}
      description={t("password.description")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("actions.changePassword")}
      submitUnavailable={Object.keys(errors).length > 0 ? t("unavailable.fixErrors", { ns: "common" }) : undefined}
    >
      <FormField id="password-currentPassword" label={t("password.current")} error={errors.currentPassword?.message}>
        <PasswordInput
          {...control("currentPassword")}
          autoComplete="current-password"
          {...register("currentPassword", { deps: ["newPassword"] })}
        />
      </FormField>
      <div className="grid gap-2">
        <FormField id="password-newPassword" label={t("password.new")} error={errors.newPassword?.message}>
          <PasswordInput
            {...control("newPassword")}
            autoComplete="new-password"
            {...register("newPassword", { deps: ["confirmPassword"] })}
          />
        </FormField>
        <PasswordStrength password={newPassword} />
      </div>
      <FormField id="password-confirmPassword" label={t("password.confirm")} error={errors.confirmPassword?.message}>
        <PasswordInput {...control("confirmPassword")} autoComplete="new-password" {...register("confirmPassword")} />
      </FormField>
    </FormDialog>
  );
}
