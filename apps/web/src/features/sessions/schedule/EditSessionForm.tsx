import { type CreateSessionRequest, SESSION_MESSAGES as M, type Session } from "@lms/contract";
import { Save } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useUpdateSession } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { toastFailure, toastSuccess } from "../toasts";
import { ScheduleFields } from "./ScheduleFields";
import { SlotConflicts } from "./SlotConflicts";
import { editDefaults, type ScheduleFormValues, scheduleFormSchema } from "./schedule-form";
import { usePlannedSlot } from "./use-planned-slot";
import { todayIn } from "./week";

const resolver = localizedResolver<ScheduleFormValues, CreateSessionRequest>(scheduleFormSchema);

interface EditSessionFormProps {
  session: Session;
  onSaved(session: Session): void;
  /** The way out, rendered beside the submit button. */
  cancel: ReactNode;
}

/** The schedule form's fields on an existing session; a new time or duration moves it (issue 21). */
export function EditSessionForm({ session, onSaved, cancel }: EditSessionFormProps) {
  const [defaults] = useState(() => editDefaults(session));
  const form = useForm<ScheduleFormValues, unknown, CreateSessionRequest>({ resolver, defaultValues: defaults });
  const { zones, timeZone, slot, yourTime } = usePlannedSlot(form, session._id);
  const update = useUpdateSession();
  const { t } = useTranslation(["sessions", "messages"]);

  function onInvalid(errors: FieldErrors<ScheduleFormValues>) {
    const missing = Object.values(errors).some((error) => error?.type === M.requiredFields.code);
    toast.error(t("toast.error"), {
      description: missing ? t("messages:SESSION_MESSAGES.requiredFields") : t("schedule.fixErrors"),
    });
  }

  const submit = form.handleSubmit(
    ({ courseId, ...changes }) =>
      update.mutate(
        { courseId, sessionId: session._id, changes },
        {
          onSuccess: (saved) => {
            toastSuccess(t("messages:SESSION_MESSAGES.updated"));
            onSaved(saved);
          },
          onError: (error) => toastFailure(error, t("edit.failed")),
        },
      ),
    onInvalid,
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <ScheduleFields
        form={form}
        courseId={session.courseId}
        courseLocked
        minDate={todayIn(timeZone)}
        zones={zones}
        yourTime={yourTime}
        disabled={update.isPending}
        onDateTyped={() => undefined}
      />
      <SlotConflicts courseId={session.courseId} slot={slot} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          {t("edit.save")}
        </Button>
      </div>
    </form>
  );
}
