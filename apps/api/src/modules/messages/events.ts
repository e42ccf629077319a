import { EventEmitter } from "node:events";

/** What changed in a conversation: a message (or a new conversation), a read marker, or a report. */
export interface MessageChange {
  conversationId: string;
  participantIds: string[];
  change: "message" | "read" | "report";
}

const emitter = new EventEmitter();

/**
 * Announces a change after it committed. Open inboxes refresh through their queries for now; the
 * live layer (issue 23, "Live, without a reload") subscribes here to push it to the participants.
 */
export function publishMessageChange(change: MessageChange): void {
  emitter.emit("change", change);
}

export function onMessageChange(listener: (change: MessageChange) => void): () => void {
  emitter.on("change", listener);
  return () => emitter.off("change", listener);
}
