import { EventEmitter } from "node:events";

/** What changed in a course's discussions: a thread started, replied to, edited, moderated or deleted. */
export interface DiscussionChange {
  courseId: string;
  threadId: string;
  change: "thread" | "reply" | "edit" | "moderation" | "delete";
}

const emitter = new EventEmitter();

/**
 * Announces a change after it committed. The live layer
 * (`modules/live/sources.ts`) pushes it to the course members' open pages.
 */
export function publishDiscussionChange(change: DiscussionChange): void {
  emitter.emit("change", change);
}

export function onDiscussionChange(listener: (change: DiscussionChange) => void): () => void {
  emitter.on("change", listener);
  return () => emitter.off("change", listener);
}
