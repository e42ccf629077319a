import { type User, updateUserSchema } from "@lms/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useUpdateProfile } from "@/api/profile";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { localizedResolver } from "@/lib/localized-resolver";
import { failureText, showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

/** The user form's rules for one's own fields (spec §5); the name is required here. */
const schema = updateUserSchema.pick({ name: true, bio: true, location: true, phone: true, website: true }).required({
  name: true,
});
type Values = z.input<typeof schema>;
const FIELDS = ["name", "bio", "location", "phone", "website"] as const;

export function EditProfileDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation("profile");
  const form = useForm<Values>({
    resolver: localizedResolver(schema),
    mode: "onChange",
    defaultValues: {
      name: user.name,
      bio: user.profile.bio ?? "",
      location: user.profile.location ?? "",
      phone: user.profile.phone ?? "",
      website: user.profile.website ?? "",
    },
  });
  const { register, formState, handleSubmit } = form;
  const errors = formState.errors;
  const update = useUpdateProfile();
  const busy = update.isPending;
  const control = (field: (typeof FIELDS)[number]) => controlProps(`profile-${field}`, errors[field], busy);

  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t("PROFILE_MESSAGES.updated", { ns: "messages" }));
        onClose();
      },
      onError: (error) => {
        showServerErrors(form, error, FIELDS);
        toast.error(t("edit.failed"), { description: failureText(error, t("tryAgain")) });
      },
    }),
  );

  return (
    <FormDialog
      title={t("actions.editProfile")}
      description={t("edit.description")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("edit.save")}
      submitUnavailable={Object.keys(errors).length > 0 ? t("unavailable.fixErrors", { ns: "common" }) : undefined}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto px-1 sm:grid-cols-2">
        <FormField id="profile-name" label={t("edit.name")} error={errors.name?.message}>
          <Input {...control("name")} autoComplete="name" {...register("name")} />
        </FormField>
        <FormField id="profile-location" label={t("fields.location")} error={errors.location?.message}>
          <Input {...control("location")} autoComplete="address-level2" {...register("location")} />
        </FormField>
        <FormField id="profile-phone" label={t("fields.phone")} error={errors.phone?.message}>
          <Input {...control("phone")} type="tel" autoComplete="tel" {...register("phone")} />
        </FormField>
        <FormField id="profile-website" label={t("fields.website")} error={errors.website?.message}>
          <Input {...control("website")} type="url" autoComplete="url" {...register("website")} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="profile-bio" label={t("fields.bio")} error={errors.bio?.message}>
            <Textarea {...control("bio")} rows={4} {...register("bio")} />
          </FormField>
        </div>
      </div>
    </FormDialog>
  );
}
