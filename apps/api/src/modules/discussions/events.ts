import { EventEmitter } from "node:events";

/** What changed in a course's discussions: a thread started, replied to, edited, moderated or deleted. */
export interface DiscussionChange {
  courseId: string;
  threadId: string;
  change: "thread" | "reply" | "edit" | "moderation" | "delete";
}

const emitter = new EventEmitter();

/**
 * Announces a change after it committed. Open pages refresh through their queries for now; the
 * live layer (issue 23, "Live, without a reload") subscribes here to push it to them.
 */
export function publishDiscussionChange(change: DiscussionChange): void {
  emitter.emit("change", change);
}

export function onDiscussionChange(listener: (change: DiscussionChange) => void): () => void {
  emitter.on("change", listener);
  return () => emitter.off("change", listener);
}
