import type { Session } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { orderSessions } from "./order";

const session = (title: string, displayStatus: Session["displayStatus"], scheduledAt: string) =>
  ({ _id: title, title, displayStatus, scheduledAt }) as Session;

describe("orderSessions", () => {
  it("puts live sessions first, then upcoming soonest first, then past newest first", () => {
    const ordered = orderSessions([
      session("old", "ended", "2026-01-01T10:00:00Z"),
      session("later", "upcoming", "2026-12-10T10:00:00Z"),
      session("cancelled", "cancelled", "2026-12-01T10:00:00Z"),
      session("recent", "ended", "2026-11-01T10:00:00Z"),
      session("next", "upcoming", "2026-12-01T10:00:00Z"),
      session("now", "live", "2026-11-22T10:00:00Z"),
    ]);
    expect(ordered.map((s) => s.title)).toEqual(["now", "next", "later", "recent", "old", "cancelled"]);
  });
});
