import { SESSION_MESSAGES } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { setPreferredTimeZone } from "@/lib/datetime";
import { DATE_BEFORE_TODAY, editDefaults, scheduleDefaults, scheduleFormSchema } from "./schedule-form";
import { addDaysTo, todayIn } from "./week";

const COURSE = "0123456789abcdef01234567";

function valid(overrides: Record<string, unknown> = {}) {
  return { ...scheduleDefaults(COURSE, new Date(), "Asia/Kolkata"), title: "Office hours", ...overrides };
}

const messages = (input: unknown) => {
  const result = scheduleFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("schedule form", () => {
  it("defaults to tomorrow at 10:00 for 60 minutes, live, unlimited, in the zone given", () => {
    const now = new Date("2026-11-22T20:00:00.000Z");
    expect(scheduleDefaults(COURSE, now, "Asia/Kolkata")).toMatchObject({
      date: "2026-11-24",
      time: "10:00",
      duration: 60,
      timezone: "Asia/Kolkata",
      location: "live",
      type: "live-class",
      maxParticipants: "",
    });
  });

  it("defaults to the teacher's saved time zone, else the browser's, never to Asia/Kolkata", () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(scheduleDefaults(COURSE).timezone).toBe(browserZone);
    setPreferredTimeZone("America/Los_Angeles");
    try {
      expect(scheduleDefaults(COURSE).timezone).toBe("America/Los_Angeles");
    } finally {
      setPreferredTimeZone(null);
    }
  });

  it("starts the edit form on the session's own wall clock and zone", () => {
    const session = {
      courseId: COURSE,
      title: "Lab",
      description: "Bring a laptop",
      scheduledAt: "2099-01-14T13:00:00.000Z",
      duration: 90,
      timezone: "Europe/Berlin",
      type: "review",
      location: "in-person",
      maxParticipants: 12,
    } as Parameters<typeof editDefaults>[0];
    expect(editDefaults(session)).toEqual({
      courseId: COURSE,
      title: "Lab",
      description: "Bring a laptop",
      date: "2099-01-14",
      time: "14:00",
      duration: 90,
      timezone: "Europe/Berlin",
      type: "review",
      location: "in-person",
      maxParticipants: "12",
    });
  });

  it("sends the wall-clock time of the chosen zone as an ISO timestamp, and empty max participants as unlimited", () => {
    const date = addDaysTo(todayIn("Asia/Tokyo"), 2);
    const result = scheduleFormSchema.parse(valid({ date, time: "09:30", timezone: "Asia/Tokyo" }));
    expect(result).toMatchObject({ courseId: COURSE, title: "Office hours", duration: 60, maxParticipants: null });
    expect(result.scheduledAt).toBe(new Date(`${date}T09:30:00+09:00`).toISOString());
    expect(scheduleFormSchema.parse(valid({ maxParticipants: "25" })).maxParticipants).toBe(25);
  });

  it("asks for every required field with the spec's message", () => {
    for (const field of ["courseId", "title", "date", "time"]) {
      expect(messages(valid({ [field]: "  " }))).toContain(`${field}: ${SESSION_MESSAGES.requiredFields}`);
    }
  });

  it("refuses a date before today, a time already past, and max participants below one", () => {
    expect(messages(valid({ date: addDaysTo(todayIn("Asia/Kolkata"), -1) }))).toEqual([`date: ${DATE_BEFORE_TODAY}`]);
    expect(messages(valid({ date: todayIn("Asia/Kolkata"), time: "00:00" }))).toEqual([
      `time: ${SESSION_MESSAGES.scheduledInPast}`,
    ]);
    expect(messages(valid({ maxParticipants: "0" }))).toEqual([
      `maxParticipants: ${SESSION_MESSAGES.maxParticipantsMin}`,
    ]);
  });
});
