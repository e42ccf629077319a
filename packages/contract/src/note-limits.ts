import { messageGroup } from "./catalogued-message.js";
// Kept apart from the notes schemas, without zod, so the web app's first load can use them alone.

/** The longest note a learner may keep for one lesson, in characters (UTF-16 code units, as `String.length`). */
export const NOTE_CONTENT_MAX = 20_000;

export const NOTE_MESSAGES = messageGroup("NOTE_MESSAGES", {
  tooLong: `A note can be at most ${NOTE_CONTENT_MAX.toLocaleString("en")} characters long`,
  conflict: "This note was changed on another device since you last saw it",
});
