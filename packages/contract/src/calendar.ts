import { z } from "zod";
import { envelope } from "./common.js";

/** The private iCalendar feed of the signed-in user: subscribe to it in any calendar app. */
export const calendarFeedResponseSchema = envelope(
  z.object({
    feedUrl: z.string(),
    /** The same feed for apps that subscribe through webcal:// links. */
    webcalUrl: z.string(),
    createdAt: z.string(),
  }),
);
export const calendarFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });
