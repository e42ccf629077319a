import { describe, expect, it } from "vitest";
import { createRequestMetrics } from "../src/modules/platform/request-metrics.js";

describe("request metrics", () => {
  it("counts requests, 5xx answers and the 95th percentile per minute, for the last 24 hours", () => {
    let clock = new Date("2026-06-17T10:00:30.000Z");
    const metrics = createRequestMetrics(() => clock);
    for (let i = 0; i < 95; i++) metrics.record(2, 200);
    for (let i = 0; i < 5; i++) metrics.record(400, 503);

    const window = metrics.window(new Date("2026-06-17T00:00:00.000Z"));
    expect(window).toMatchObject({ requests: 100, errors: 5 });
    expect(window.since?.toISOString()).toBe("2026-06-17T10:00:00.000Z");
    // 95 of 100 took 2 ms: the 95th percentile is the bucket holding 2 ms (within 20 %).
    expect(window.p95LatencyMs).toBeGreaterThanOrEqual(2);
    expect(window.p95LatencyMs).toBeLessThan(2.4);

    clock = new Date("2026-06-17T12:15:00.000Z");
    metrics.record(50, 200);
    const hourly = metrics.hourly();
    expect(hourly).toHaveLength(24);
    expect(hourly[23]).toMatchObject({ start: "2026-06-17T12:00:00.000Z", requests: 1, errorRate: 0 });
    expect(hourly[21]).toMatchObject({ start: "2026-06-17T10:00:00.000Z", requests: 100, errorRate: 0.05 });
    expect(metrics.window(new Date("2026-06-17T11:00:00.000Z")).requests).toBe(1);

    // A day later the old minutes have left the ring, even where their slot was not reused.
    clock = new Date("2026-06-18T11:00:00.000Z");
    expect(metrics.window(new Date("2026-06-17T00:00:00.000Z")).requests).toBe(1);
    clock = new Date("2026-06-18T12:16:00.000Z");
    expect(metrics.window(new Date("2026-06-17T00:00:00.000Z"))).toMatchObject({
      requests: 0,
      p95LatencyMs: null,
      since: null,
    });
  });

  it("costs well under a microsecond per request", () => {
    const metrics = createRequestMetrics(() => new Date());
    const count = 200_000;
    const started = performance.now();
    for (let i = 0; i < count; i++) metrics.record((i % 100) + 0.5, i % 50 === 0 ? 500 : 200);
    const perRequestUs = ((performance.now() - started) * 1000) / count;
    expect(perRequestUs).toBeLessThan(5);
  });
});
