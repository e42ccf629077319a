import type { ActivityEntry } from "@lms/contract";
import type { ActivityRow } from "./repo.js";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

// Formatting a relative time with Intl costs more than the rest of an entry; the few phrases repeat.
const phrases = new Map<string, string>();
const PHRASES_KEPT = 10_000;

function phrase(count: number, unit: Intl.RelativeTimeFormatUnit) {
  const key = `${count} ${unit}`;
  let hit = phrases.get(key);
  if (hit === undefined) {
    if (phrases.size >= PHRASES_KEPT) phrases.clear();
    hit = relative.format(-count, unit);
    phrases.set(key, hit);
  }
  return hit;
}

/** "5 minutes ago", "2 days ago"; under a minute "just now". */
export function timeAgo(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return phrase(Math.floor(seconds / size), unit);
  }
  return "just now";
}

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// Formatting with Intl is the largest cost of a page; entries of the same minute share the result.
const formattedByMinute = new Map<string, { date: string; time: string }>();
const FORMATTED_KEPT = 10_000;

function formatted(at: Date, iso: string) {
  const minute = iso.slice(0, 16);
  let hit = formattedByMinute.get(minute);
  if (!hit) {
    if (formattedByMinute.size >= FORMATTED_KEPT) formattedByMinute.clear();
    hit = { date: dateFormat.format(at), time: timeFormat.format(at) };
    formattedByMinute.set(minute, hit);
  }
  return hit;
}

/** An entry as spec §3 shows it, from its own snapshots (no join); dates in UTC, the web shows its zone. */
export function presentActivity(row: ActivityRow, now: Date): ActivityEntry {
  const at = new Date(row.created_at);
  const shown = formatted(at, row.created_at);
  const hasUser = row.user_id !== null || row.user_name !== null;
  const hasCourse = row.course_id !== null || row.course_title !== null;
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    user: hasUser
      ? { _id: row.user_id, name: row.user_name ?? "", email: row.user_email ?? "", role: row.user_role ?? "" }
      : null,
    course: hasCourse ? { _id: row.course_id, title: row.course_title ?? "", courseCode: row.course_code ?? "" } : null,
    metadata: parseMetadata(row.metadata),
    createdAt: row.created_at,
    formattedDate: shown.date,
    formattedTime: shown.time,
    timeAgo: timeAgo(at, now),
  };
}

export const ACTIVITY_CSV_HEADER = [
  "Date",
  "Type",
  "Title",
  "Description",
  "User",
  "Email",
  "Role",
  "Course code",
  "Course",
];

/** Entries as CSV records, in the order of ACTIVITY_CSV_HEADER. */
export async function* activityRecords(batches: AsyncIterable<ActivityRow[]>) {
  yield ACTIVITY_CSV_HEADER;
  for await (const rows of batches) {
    for (const a of rows) {
      yield [
        a.created_at,
        a.type,
        a.title,
        a.description ?? "",
        a.user_name ?? "",
        a.user_email ?? "",
        a.user_role ?? "",
        a.course_code ?? "",
        a.course_title ?? "",
      ];
    }
  }
}
