import { z } from "zod";
import { envelope } from "./common.js";

/** The private iCalendar feed of the signed-in user: subscribe to it in any calendar app. */
const calendarFeedSchema = z.object({
  feedUrl: z.string(),
  /** The same feed for apps that subscribe through webcal:// links. */
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export const calendarFeedResponseSchema = envelope(calendarFeedSchema);
/** GET answers the current link, or null when the user has none; only POST makes one. */
export const currentCalendarFeedResponseSchema = envelope(calendarFeedSchema.nullable());
export const calendarFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });
