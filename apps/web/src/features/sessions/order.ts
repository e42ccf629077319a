import type { Session, SessionDisplayStatus } from "@lms/contract";

const RANK: Record<SessionDisplayStatus, number> = { live: 0, upcoming: 1, ended: 2, cancelled: 3 };

/** Live first, then upcoming soonest first, then past and cancelled sessions newest first. */
export function orderSessions(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => {
    const byRank = RANK[a.displayStatus] - RANK[b.displayStatus];
    if (byRank !== 0) return byRank;
    const byTime = Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt);
    return a.displayStatus === "upcoming" || a.displayStatus === "live" ? byTime : -byTime;
  });
}
