import { createHash, createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import type { CalendarEvent } from "../../calendar/ics.js";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { seesAllSessions } from "../../policies/index.js";
import { listSessions, type SessionRow } from "../sessions/repo.js";
import { activeFeed, feedOwner, insertFeed, revokeFeeds } from "./repo.js";

/** A feed shows sessions from this long ago on, and at most this many. */
const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function toCalendarEvent(row: SessionRow, publicUrl: string): CalendarEvent {
  const courseUrl = `${publicUrl}/courses/${row.course_id}`;
  const lines = [
    `Course: ${row.course_title}`,
    ...(row.instructor_name ? [`Instructor: ${row.instructor_name}`] : []),
    ...(row.description ? ["", row.description] : []),
    "",
    row.location === "live" ? `Join from the course page: ${courseUrl}` : `Course page: ${courseUrl}`,
  ];
  return {
    uid: row.ical_uid,
    sequence: row.ical_sequence,
    title: row.title,
    description: lines.join("\n"),
    start: row.scheduled_at,
    end: row.ends_at,
    cancelled: row.status === "cancelled",
    location: row.location === "live" ? "Online" : "In person",
    url: courseUrl,
    created: row.created_at,
    updated: row.updated_at,
  };
}

/**
 * Private calendar feeds. The token is derived from the feed's id with the server secret, so the
 * database alone (which keeps only its hash) does not reveal it, and the owner can see it again.
 */
export function createCalendarFeeds(deps: { db: Kysely<Database>; secret: string; publicUrl: string }) {
  const { db, publicUrl } = deps;
  const tokenOf = (feedId: string) =>
    createHmac("sha256", deps.secret).update(`calendar-feed:${feedId}`).digest("base64url");
  const urls = (feed: { id: string; created_at: string }) => {
    const feedUrl = `${publicUrl}/api/calendar/feed/${tokenOf(feed.id)}/sessions.ics`;
    return { feedUrl, webcalUrl: feedUrl.replace(/^https?:/, "webcal:"), createdAt: feed.created_at };
  };

  async function create(userId: string) {
    const feed = { id: newId(), user_id: userId, created_at: nowIso() };
    await insertFeed(db, { ...feed, token_hash: sha256(tokenOf(feed.id)) });
    return urls(feed);
  }

  return {
    /** The user's feed, made on first use. */
    async current(userId: string) {
      const feed = await activeFeed(db, userId);
      return feed ? urls(feed) : null;
    },
    /** A new link; the old one stops working. */
    async renew(userId: string) {
      await revokeFeeds(db, userId, nowIso());
      return create(userId);
    },
    revoke: (userId: string) => revokeFeeds(db, userId, nowIso()),
    /** The sessions of the feed's owner, or null for an unknown or revoked token or an inactive owner. */
    async eventsFor(token: string): Promise<CalendarEvent[] | null> {
      const owner = await feedOwner(db, sha256(token));
      if (owner?.status !== "active") return null;
      const since = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000).toISOString();
      const { rows } = await listSessions(
        db,
        { userId: seesAllSessions(owner) ? null : owner.id, from: since },
        { offset: 0, limit: FEED_MAX_EVENTS },
      );
      return rows.map((row) => toCalendarEvent(row, publicUrl));
    },
  };
}
export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
