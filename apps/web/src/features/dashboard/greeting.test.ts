import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

const createdAt = "2026-01-05T10:00:00.000Z";

describe("greetingFor", () => {
  it("welcomes a person who has just registered", () => {
    expect(greetingFor("Nia", { createdAt, lastLogin: createdAt })).toBe("Welcome, Nia!");
  });

  it("welcomes back a person who signed in after registering", () => {
    expect(greetingFor("Nia", { createdAt, lastLogin: "2026-01-06T08:00:00.000Z" })).toBe("Welcome back, Nia!");
  });

  it("welcomes a person who never signed in", () => {
    expect(greetingFor("Nia", { createdAt, lastLogin: null })).toBe("Welcome, Nia!");
  });

  it("welcomes an invited person on their first visit though they signed in after being created", () => {
    const lastLogin = "2026-01-09T08:00:00.000Z";
    expect(greetingFor("Nia", { createdAt, lastLogin, firstVisit: true })).toBe("Welcome, Nia!");
    expect(greetingFor("Nia", { createdAt, lastLogin, firstVisit: false })).toBe("Welcome back, Nia!");
  });
});
