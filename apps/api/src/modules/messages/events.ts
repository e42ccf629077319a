import { EventEmitter } from "node:events";

/** What changed in a conversation: a message (or a new conversation), a read marker, or a report. */
export interface MessageChange {
  conversationId: string;
  participantIds: string[];
  change: "message" | "read" | "report";
}

const emitter = new EventEmitter();

/**
 * Announces a change after it committed. The live layer
 * (`modules/live/sources.ts`) pushes it to the participants' open pages.
 */
export function publishMessageChange(change: MessageChange): void {
  emitter.emit("change", change);
}

export function onMessageChange(listener: (change: MessageChange) => void): () => void {
  emitter.on("change", listener);
  return () => emitter.off("change", listener);
}
