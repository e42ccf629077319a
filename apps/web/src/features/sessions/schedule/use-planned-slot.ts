import type { CreateSessionRequest } from "@lms/contract";
import { useEffect, useMemo, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { PlannedSlot } from "@/api/sessions";
import { viewerTimeZone } from "@/lib/datetime";
import type { ScheduleFormValues } from "./schedule-form";
import { instantOf } from "./week";
import { currentZoneName, isKnownZone, timezoneOptions, yourTimeOf } from "./zones";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * The zone pieces the schedule and edit forms share: the zones offered, the zone in use (the last
 * real zone typed, so half-typed names never reach the clocks), the slot on the teacher's own clock
 * and the planned slot as an instant, for the conflict check.
 */
export function usePlannedSlot(
  form: UseFormReturn<ScheduleFormValues, unknown, CreateSessionRequest>,
  excludeSessionId?: string,
) {
  const [ownZone] = useState(() => currentZoneName(viewerTimeZone()));
  const [zones] = useState(() => timezoneOptions(ownZone));
  const [date, time, duration, typedZone] = form.watch(["date", "time", "duration", "timezone"]);
  const [timeZone, setTimeZone] = useState(() => form.getValues("timezone"));
  useEffect(() => {
    if (isKnownZone(typedZone)) setTimeZone(typedZone);
  }, [typedZone]);

  const slot = useMemo((): PlannedSlot | null => {
    if (!DAY.test(date) || !TIME.test(time)) return null;
    const instant = instantOf(date, time, timeZone);
    if (Number.isNaN(instant.getTime())) return null;
    return { scheduledAt: instant.toISOString(), duration, excludeSessionId };
  }, [date, time, timeZone, duration, excludeSessionId]);

  return { zones, timeZone, date, time, duration, slot, yourTime: yourTimeOf(date, time, timeZone, ownZone) };
}
