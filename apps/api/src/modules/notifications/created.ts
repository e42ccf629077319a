import { EventEmitter } from "node:events";

const emitter = new EventEmitter();

/**
 * Announces a new in-app notification by id, possibly before the transaction that wrote it has
 * committed: listeners read its recipients once they can see them (the live layer, issue 23).
 */
export function announceNotification(notificationId: string): void {
  emitter.emit("created", notificationId);
}

export function onNotificationCreated(listener: (notificationId: string) => void): () => void {
  emitter.on("created", listener);
  return () => emitter.off("created", listener);
}
