import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

export interface CalendarEvent {
  /** Stays the same for the event's whole life, so calendar apps update it instead of adding a copy. */
  uid: string;
  /** Rises with every change people should see (a new time, a cancellation). */
  sequence: number;
  title: string;
  description: string;
  start: string;
  end: string;
  cancelled: boolean;
  location: string;
  url: string;
  created: string;
  updated: string;
}

const FEED_REFRESH_SECONDS = 60 * 60;

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, every line break written as `\n`. */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\r\n|\r|\n/g, "\\n");
}

/** A value that is not TEXT (UID, URI) has no escape for a line break, so any break is dropped. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");

/**
 * An iCalendar (RFC 5545) document, written by ical-generator (escaping, 75-octet line folding,
 * CRLF). Times are in UTC (the Z form), which every calendar app shows in its own timezone.
 * ical-generator escapes SUMMARY, DESCRIPTION, LOCATION and URL but writes the calendar's NAME /
 * X-WR-CALNAME and each UID as given, so those are escaped here: a line break in a session title
 * must not start a property (or a whole VEVENT) of its own.
 */
export function calendarDocument(name: string, events: CalendarEvent[]): string {
  const calendar = ical({
    name: escapeText(name),
    prodId: { company: "LearnHub", product: "Live sessions", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const event of events) {
    calendar.createEvent({
      id: oneLine(event.uid),
      sequence: event.sequence,
      start: new Date(event.start),
      end: new Date(event.end),
      stamp: new Date(event.updated),
      created: new Date(event.created),
      lastModified: new Date(event.updated),
      summary: event.cancelled ? `Cancelled: ${event.title}` : event.title,
      description: event.description,
      location: event.location,
      url: oneLine(event.url),
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
