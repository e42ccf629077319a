import { describe, expect, it } from "vitest";
import { activityStatusBadge } from "./status";

describe("activityStatusBadge", () => {
  it("names the four known statuses and shows Unknown for anything else", () => {
    expect(activityStatusBadge("ongoing").label).toBe("Ongoing");
    expect(activityStatusBadge("upcoming").label).toBe("Upcoming");
    expect(activityStatusBadge("completed").label).toBe("Completed");
    expect(activityStatusBadge("missed").label).toBe("Missed");
    expect(activityStatusBadge("postponed").label).toBe("Unknown");
    expect(activityStatusBadge("toString").label).toBe("Unknown");
  });
});
