import { type CreateSessionRequest, SESSION_DURATIONS, SESSION_TYPES } from "@lms/contract";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSchedulableCourses } from "@/api/sessions";
import { errorId, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { sessionTypeLabel } from "../format";
import { DATE_BEFORE_TODAY, type ScheduleFormValues } from "./schedule-form";
import type { ZoneOption } from "./zones";

const LOCATIONS = [
  { value: "live", label: "fields.locationLive" },
  { value: "in-person", label: "fields.locationInPerson" },
] as const;

interface ScheduleFieldsProps {
  form: UseFormReturn<ScheduleFormValues, unknown, CreateSessionRequest>;
  /** The course the dialog was opened from, offered even when the course list could not be loaded. */
  courseId: string;
  minDate: string;
  /** The spec's six zones, the instructor's own, then every other IANA zone. */
  zones: ZoneOption[];
  /** Editing a session: it stays in its course, so the course is not asked. */
  courseLocked?: boolean;
  /** The planned slot on the instructor's own clock, when the chosen zone is another. */
  yourTime: string | null;
  disabled: boolean;
  onDateTyped(date: string): void;
}

const invalid = (id: string, error: unknown) =>
  error ? { "aria-invalid": true, "aria-describedby": errorId(id) } : { "aria-invalid": false };

/** The left side of the schedule dialog (spec §2, §5, §9). */
export function ScheduleFields({
  form,
  courseId,
  minDate,
  zones,
  yourTime,
  disabled,
  onDateTyped,
  courseLocked = false,
}: ScheduleFieldsProps) {
  const courses = useSchedulableCourses();
  const { t } = useTranslation(["sessions", "messages"]);
  const problem = (message: string | undefined): string | undefined => {
    if (message === DATE_BEFORE_TODAY) return t("fields.dateBeforeToday");
    return message;
  };
  const { errors } = form.formState;
  const { register } = form;
  const options = courses.data ?? [];
  const listed = options.some((c) => c._id === courseId);

  return (
    <fieldset disabled={disabled} className="grid min-w-0 content-start gap-4">
      <legend className="sr-only">{t("fields.details")}</legend>
      {!courseLocked && (
        <FormField id="session-course" label={t("fields.course")} error={problem(errors.courseId?.message)}>
          {courses.isPending ? (
            <NativeSelect id="session-course" disabled>
              <option>{t("fields.loadingCourses")}</option>
            </NativeSelect>
          ) : (
            // Mounted once the list is in, so the select starts on the dialog's course.
            <NativeSelect id="session-course" {...invalid("session-course", errors.courseId)} {...register("courseId")}>
              {!listed && <option value={courseId}>{t("fields.thisCourse")}</option>}
              {options.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      <FormField id="session-title" label={t("fields.title")} error={problem(errors.title?.message)}>
        <Input
          id="session-title"
          placeholder={t("fields.titlePlaceholder")}
          autoComplete="off"
          {...invalid("session-title", errors.title)}
          {...register("title")}
        />
      </FormField>
      <FormField id="session-description" label={t("fields.description")} error={problem(errors.description?.message)}>
        <Textarea
          id="session-description"
          rows={3}
          placeholder={t("fields.descriptionPlaceholder")}
          {...invalid("session-description", errors.description)}
          {...register("description")}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="session-date" label={t("fields.date")} error={problem(errors.date?.message)}>
          <Input
            id="session-date"
            type="date"
            className="px-2 sm:px-3"
            min={minDate}
            {...invalid("session-date", errors.date)}
            {...register("date", { onChange: (event) => onDateTyped(event.target.value) })}
          />
        </FormField>
        <FormField id="session-time" label={t("fields.time")} error={problem(errors.time?.message)}>
          <Input
            id="session-time"
            type="time"
            className="px-2 sm:px-3"
            step={60}
            {...invalid("session-time", errors.time)}
            {...register("time")}
          />
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="session-duration" label={t("fields.duration")} error={problem(errors.duration?.message)}>
          <NativeSelect id="session-duration" {...register("duration", { setValueAs: Number })}>
            {SESSION_DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t("fields.minutes", { count: minutes })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="session-type" label={t("fields.type")} error={problem(errors.type?.message)}>
          <NativeSelect id="session-type" {...register("type")}>
            {SESSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {sessionTypeLabel(type)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="session-timezone" label={t("fields.timezone")} error={problem(errors.timezone?.message)}>
        {/* A text field with the zones as suggestions: typing "Berl" finds Europe/Berlin among 400 zones. */}
        <Input
          id="session-timezone"
          list="session-timezones"
          autoComplete="off"
          spellCheck={false}
          placeholder={t("fields.timezoneSearch")}
          aria-invalid={Boolean(errors.timezone)}
          aria-describedby={[errors.timezone ? errorId("session-timezone") : "", "session-your-time"].join(" ").trim()}
          {...register("timezone")}
        />
        <datalist id="session-timezones">
          {zones.map((zone) => (
            <option key={zone.value} value={zone.value} label={zone.label} />
          ))}
        </datalist>
      </FormField>
      <p id="session-your-time" aria-live="polite" className="-mt-2 text-muted-foreground text-sm empty:hidden">
        {yourTime}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm leading-none">{t("fields.location")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {LOCATIONS.map(({ value, label }) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm",
                "has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              )}
            >
              <input type="radio" value={value} className="accent-primary" {...register("location")} />
              {t(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id="session-max" label={t("fields.maxParticipants")} error={problem(errors.maxParticipants?.message)}>
        <Input
          id="session-max"
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={t("fields.unlimited")}
          {...invalid("session-max", errors.maxParticipants)}
          {...register("maxParticipants")}
        />
      </FormField>
    </fieldset>
  );
}
