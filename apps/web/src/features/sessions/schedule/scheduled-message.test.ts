import { describe, expect, it } from "vitest";
import { scheduledMessage } from "./scheduled-message";

describe("schedule success message", () => {
  it("keeps the spec's wording for Zoom", () => {
    expect(scheduledMessage("zoom")).toBe("Session scheduled successfully with Zoom integration.");
  });

  it("names the provider actually used otherwise", () => {
    expect(scheduledMessage("jitsi")).toBe("Session scheduled successfully with Jitsi Meet integration.");
    expect(scheduledMessage("bbb")).toBe("Session scheduled successfully with BigBlueButton integration.");
  });

  it("names no provider for an in-person session", () => {
    expect(scheduledMessage(null)).toBe("Session scheduled successfully.");
  });
});
