import { changeEmailSchema } from "@lms/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useChangeEmail } from "@/api/profile";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { PasswordInput } from "@/components/PasswordInput";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { localizedResolver } from "@/lib/localized-resolver";
import { failureText, showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

type Values = z.input<typeof changeEmailSchema>;
const FIELDS = ["newEmail", "currentPassword"] as const;

/** Asks for a confirmation link at the new address; the address changes when it is opened. */
export function ChangeEmailDialog({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  const { t } = useTranslation("profile");
  const form = useForm<Values>({
    resolver: localizedResolver(changeEmailSchema),
    mode: "onChange",
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const { register, formState, handleSubmit } = form;
  const errors = formState.errors;
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const busy = change.isPending;
  const control = (field: (typeof FIELDS)[number]) => controlProps(`email-${field}`, errors[field], busy);

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => setSentTo(values.newEmail),
      onError: (error) => {
        showServerErrors(form, error, FIELDS);
        toast.error(t("email.failed"), { description: failureText(error, t("tryAgain")) });
      },
    }),
  );

  if (sentTo) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("email.checkInbox")}</DialogTitle>
            <DialogDescription>{t("PROFILE_MESSAGES.emailChangeSent", { ns: "messages" })}</DialogDescription>
          </DialogHeader>
          <p className="break-all text-sm">{sentTo}</p>
          <DialogFooter>
            <Button onClick={onClose}>{t("email.done")}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <FormDialog
      title={t("actions.changeEmail")}
      description={t("email.description", { email: currentEmail })}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("email.send")}
      submitUnavailable={Object.keys(errors).length > 0 ? t("unavailable.fixErrors", { ns: "common" }) : undefined}
    >
      <FormField id="email-newEmail" label={t("email.newEmail")} error={errors.newEmail?.message}>
        <Input {...control("newEmail")} type="email" autoComplete="email" {...register("newEmail")} />
      </FormField>
      <FormField id="email-currentPassword" label={t("password.current")} error={errors.currentPassword?.message}>
        <PasswordInput
          {...control("currentPassword")}
          autoComplete="current-password"
          {...register("currentPassword")}
        />
      </FormField>
    </FormDialog>
  );
}
