import { type CreateSessionRequest, SESSION_MESSAGES as M, type Session } from "@lms/contract";
import { CalendarPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useScheduleSession } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { toastFailure, toastSuccess } from "../toasts";
import { ScheduleFields } from "./ScheduleFields";
import { SlotConflicts } from "./SlotConflicts";
import { type ScheduleFormValues, scheduleDefaults, scheduleFormSchema } from "./schedule-form";
import { scheduledMessage } from "./scheduled-message";
import { usePlannedSlot } from "./use-planned-slot";
import { WeekCalendar } from "./WeekCalendar";
import { todayIn, weekOf } from "./week";

const resolver = localizedResolver<ScheduleFormValues, CreateSessionRequest>(scheduleFormSchema);

interface ScheduleSessionFormProps {
  courseId: string;
  onScheduled(session: Session): void;
  /** The way out, rendered beside the submit button. */
  cancel: ReactNode;
}

/** Spec §2, §5, §9: the form on the left, a weekly calendar of half-hour slots on the right. */
export function ScheduleSessionForm({ courseId, onScheduled, cancel }: ScheduleSessionFormProps) {
  const [defaults] = useState(() => scheduleDefaults(courseId));
  const form = useForm<ScheduleFormValues, unknown, CreateSessionRequest>({ resolver, defaultValues: defaults });
  const [week, setWeek] = useState(() => weekOf(defaults.date));
  const { zones, timeZone, date, time, duration, slot, yourTime } = usePlannedSlot(form);
  const schedule = useScheduleSession();
  const { t } = useTranslation(["sessions", "messages"]);
  const selectedCourse = form.watch("courseId");

  function pick(day: string, slot: string) {
    form.setValue("date", day, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue("time", slot, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }

  function onInvalid(errors: FieldErrors<ScheduleFormValues>) {
    const missing = Object.values(errors).some((error) => error?.type === M.requiredFields.code);
    toast.error(t("toast.error"), {
      description: missing ? t("messages:SESSION_MESSAGES.requiredFields") : t("schedule.fixErrors"),
    });
  }

  const submit = form.handleSubmit(
    (request) =>
      schedule.mutate(request, {
        onSuccess: (session) => {
          toastSuccess(scheduledMessage(session.provider));
          onScheduled(session);
        },
        onError: (error) => toastFailure(error, t("messages:SESSION_MESSAGES.scheduleFailed")),
      }),
    onInvalid,
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-4">
          <ScheduleFields
            form={form}
            courseId={courseId}
            minDate={todayIn(timeZone)}
            zones={zones}
            yourTime={yourTime}
            disabled={schedule.isPending}
            onDateTyped={(day) => day && setWeek(weekOf(day))}
          />
          <SlotConflicts courseId={selectedCourse} slot={slot} />
        </div>
        <WeekCalendar
          courseId={selectedCourse}
          timeZone={timeZone}
          week={week}
          onWeekChange={setWeek}
          planned={{ date, time, duration }}
          onPick={pick}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
          {t("schedule.title")}
        </Button>
      </div>
    </form>
  );
}
