import type { LiveEvent } from "@lms/contract";

export interface StoredEvent {
  id: string;
  event: LiveEvent;
}

/** What one user missed after an id: the events, or `gone` when they are no longer all kept. */
export type CatchUp = { events: StoredEvent[] } | { gone: true };

/** The most events one reconnection replays; more means the client had better refetch everything. */
export const CATCH_UP_MAX = 500;

/**
 * Where live events go: kept per user for the retention window (for catching up after a dropped
 * connection) and handed to every process's open streams. Redis when configured, else this process.
 */
export interface LiveLog {
  /**
   * Stores the event for each user who may want it (online now or within the retention window) and
   * delivers it to their open streams on every process.
   */
  publish(userIds: string[], event: LiveEvent): Promise<void>;
  /** These users hold a stream (or just closed one): they may catch up later, so keep their events. */
  markPresent(userIds: string[]): void;
  since(userId: string, lastId: string): Promise<CatchUp>;
  /** Each stored event as it arrives, per user, on this process. */
  onDelivery(listener: (userId: string, stored: StoredEvent) => void): void;
  /** Deliveries may have been missed (Redis was away): every open stream should refetch. */
  onMissed(listener: () => void): void;
  close(): Promise<void>;
}
