import { SESSION_TIME_SLOTS } from "@lms/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useWeekSessions } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { type Booking, occupancy, slotKey } from "./occupancy";
import {
  addDaysTo,
  type Day,
  dayHeading,
  dayLabel,
  instantOf,
  todayIn,
  wallClockOf,
  weekDays,
  weekLabel,
  weekOf,
} from "./week";

interface WeekCalendarProps {
  courseId: string;
  timeZone: string;
  /** Monday of the week shown. */
  week: Day;
  onWeekChange(week: Day): void;
  /** The session being planned. */
  planned: { date: string; time: string; duration: number };
  onPick(date: Day, time: string): void;
}

const PLANNED_ID = "planned";

/** The schedule dialog's weekly calendar: half-hour slots 09:00–20:30 with the course's existing sessions. */
export function WeekCalendar({ courseId, timeZone, week, onWeekChange, planned, onPick }: WeekCalendarProps) {
  const range = useMemo(
    () => ({
      from: instantOf(week, "00:00", timeZone).toISOString(),
      to: instantOf(addDaysTo(week, 7), "00:00", timeZone).toISOString(),
    }),
    [week, timeZone],
  );
  const sessions = useWeekSessions(courseId, range);
  const days = weekDays(week);
  const today = todayIn(timeZone);
  const now = Date.now();
  const { t } = useTranslation("sessions");

  const cells = useMemo(() => {
    const bookings: Booking[] = (sessions.data ?? [])
      .filter((s) => s.status !== "cancelled")
      .map((s) => ({ id: s._id, title: s.title, duration: s.duration, ...wallClockOf(s.scheduledAt, timeZone) }));
    return occupancy(bookings);
  }, [sessions.data, timeZone]);
  const plannedCells = useMemo(
    () => occupancy([{ id: PLANNED_ID, title: "", day: planned.date, time: planned.time, duration: planned.duration }]),
    [planned.date, planned.time, planned.duration],
  );

  const clash = [...plannedCells.keys()].map((key) => cells.get(key)).find(Boolean);

  // On a narrow screen the grid scrolls both ways: keep the chosen slot in sight, not Monday at 09:00.
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = grid.current;
    const slot = container?.querySelector<HTMLElement>(`[data-slot="${slotKey(planned.date, planned.time)}"]`);
    if (!container || !slot) return;
    const box = container.getBoundingClientRect();
    const cell = slot.getBoundingClientRect();
    const stickyLeft = container.querySelector("tbody th")?.getBoundingClientRect().width ?? 0;
    const stickyTop = container.querySelector("thead")?.getBoundingClientRect().height ?? 0;
    container.scrollLeft += cell.left - box.left - (stickyLeft + (box.width - stickyLeft - cell.width) / 2);
    container.scrollTop += cell.top - box.top - (stickyTop + (box.height - stickyTop - cell.height) / 2);
  }, [planned.date, planned.time]);

  return (
    <section aria-labelledby="week-calendar-heading" className="grid min-w-0 content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="week-calendar-heading" className="flex items-center gap-2 font-semibold" aria-live="polite">
          {weekLabel(week)}
          {sessions.isFetching && <Spinner label={t("calendarWeek.loading")} />}
        </h3>
        <div className="flex items-center gap-1">
          <Button
            size="icon"
            variant="outline"
            aria-label={t("calendarWeek.previous")}
            onClick={() => onWeekChange(addDaysTo(week, -7))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button size="sm" variant="outline" onClick={() => onWeekChange(weekOf(today))}>
            {t("calendarWeek.today")}
          </Button>
          <Button
            size="icon"
            variant="outline"
            aria-label={t("calendarWeek.next")}
            onClick={() => onWeekChange(addDaysTo(week, 7))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {sessions.isError && (
        <p role="alert" className="text-destructive text-sm">
          {t("calendarWeek.loadFailed")}{" "}
          <button type="button" className="underline underline-offset-4" onClick={() => sessions.refetch()}>
            {t("tryAgain")}
          </button>
        </p>
      )}
      <div ref={grid} className="max-h-[26rem] overflow-auto rounded-lg border lg:max-h-[32rem]">
        <table className="w-full min-w-[36rem] table-fixed border-collapse text-xs">
          <caption className="sr-only">{t("calendarWeek.caption", { timeZone })}</caption>
          <thead className="sticky top-0 z-10 bg-muted">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-[1] w-14 bg-muted p-1.5 text-left font-medium text-muted-foreground"
              >
                <span className="sr-only">{t("fields.time")}</span>
              </th>
              {days.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className={cn("p-1.5 text-center font-medium", day === today && "text-primary")}
                >
                  {dayHeading(day)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SESSION_TIME_SLOTS.map((time) => (
              <tr key={time} className="border-t">
                <th
                  scope="row"
                  className="sticky left-0 z-[1] bg-background p-1 text-left font-normal text-muted-foreground tabular-nums"
                >
                  {time}
                </th>
                {days.map((day) => {
                  const key = slotKey(day, time);
                  const taken = cells.get(key);
                  const plan = plannedCells.get(key);
                  const past = instantOf(day, time, timeZone).getTime() < now;
                  const label = `${dayLabel(day)} ${time}`;
                  return (
                    <td key={day} className="border-l p-0.5">
                      <button
                        type="button"
                        disabled={past}
                        aria-pressed={plan?.first ?? false}
                        data-slot={key}
                        aria-label={taken ? `${label}, ${taken.booking.title}` : label}
                        title={taken?.booking.title}
                        onClick={() => onPick(day, time)}
                        className={cn(
                          "flex h-7 w-full items-center overflow-hidden rounded px-1 text-left",
                          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                          "disabled:cursor-not-allowed disabled:bg-muted/60",
                          !past && "hover:bg-accent",
                          taken && "bg-foreground/15 text-foreground",
                          plan && "bg-primary/25",
                          plan?.first && "bg-primary text-primary-foreground hover:bg-primary/90",
                          plan && taken && "ring-2 ring-destructive ring-inset",
                        )}
                      >
                        <span className="truncate">{plan?.first ? time : taken?.first ? taken.booking.title : ""}</span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" className="text-destructive text-sm empty:hidden">
        {clash && t("calendarWeek.overlap", { title: clash.booking.title })}
      </p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-primary" /> {t("calendarWeek.newSession")}
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-foreground/15" /> {t("calendarWeek.scheduled")}
        </span>
        <span>{t("calendarWeek.timesIn", { timeZone })}</span>
      </p>
    </section>
  );
}
