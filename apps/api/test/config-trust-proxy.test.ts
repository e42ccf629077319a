import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

const load = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "lms-config-")), JWT_SECRET: "x".repeat(40), ...env });
const withProxy = (TRUST_PROXY?: string) => load(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).trustProxy;

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless told", () => {
    expect(withProxy()).toBe(false);
    expect(withProxy("false")).toBe(false);
    expect(withProxy("0")).toBe(false);
  });

  it("takes a hop count", () => {
    expect(withProxy("1")).toBe(1);
    expect(withProxy("2")).toBe(2);
  });

  it("takes proxy addresses, CIDRs and proxy-addr's range names as a comma-separated list", () => {
    expect(withProxy("10.0.0.0/8")).toEqual(["10.0.0.0/8"]);
    expect(withProxy("10.0.0.0/8, 192.168.1.7,fd00::/8 ,loopback")).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true, which would trust every hop, naming the forms it takes", () => {
    for (const value of ["true", "yes", "TRUE"]) {
      expect(() => withProxy(value)).toThrow(
        /TRUST_PROXY: .*would trust every hop.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/,
      );
    }
  });

  it("refuses what is neither a count nor addresses", () => {
    expect(() => withProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY: not an address or CIDR: 10\.0\.0\.0\/33/);
    expect(() => withProxy("10.0.0.1,proxy.internal")).toThrow(/not an address or CIDR: proxy\.internal/);
    expect(() => withProxy("-1")).toThrow(/TRUST_PROXY/);
  });
});

describe("AUTH_RATE_LIMIT_ADDRESS_MAX", () => {
  it("is 50 by default, never below AUTH_RATE_LIMIT_MAX unless set, and taken as set", () => {
    expect(load().authRateLimit).toMatchObject({ max: 20, addressMax: 50 });
    expect(load({ AUTH_RATE_LIMIT_MAX: "1000" }).authRateLimit.addressMax).toBe(1000);
    expect(load({ AUTH_RATE_LIMIT_MAX: "1000", AUTH_RATE_LIMIT_ADDRESS_MAX: "30" }).authRateLimit.addressMax).toBe(30);
  });
});
