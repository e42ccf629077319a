import type { Role } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";

/**
 * Who may call each route (ARCHITECTURE §5). Every route the api registers must have an entry:
 * a new route without one fails this suite. "public": anyone; "signed-in": any active user;
 * a role list: only those roles (others get 403, anonymous 401).
 */
type Access = "public" | "signed-in" | Role[];
const MATRIX: Record<string, Access> = {
  "GET /api/health": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/refresh-token": "public",
  "POST /api/auth/logout": "signed-in",
  "GET /api/auth/profile": "signed-in",
  "POST /api/auth/forgot-password": "public",
  "GET /api/auth/reset-password/{resetToken}": "public",
  "POST /api/auth/reset-password/{resetToken}": "public",
  "GET /api/courses": "public",
  "GET /api/categories": "public",
  "GET /api/stats/public": "public",
};

const ROLES: Role[] = ["learner", "instructor", "admin", "super_admin"];

let t: TestContext;
let headers: Record<Role, Record<string, string>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  const entries = await Promise.all(
    ROLES.map(async (role) => [role, (await makeSignedInUser(t.app, t.db, role)).auth]),
  );
  headers = Object.fromEntries(entries);
});
afterAll(() => t.close());

function registeredRoutes(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

describe("authorization matrix", () => {
  it("has an entry for every registered route", () => {
    const missing = registeredRoutes().filter((route) => !(route in MATRIX));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(MATRIX))("%s lets in exactly who it should", async (route, access) => {
    const [method, pathTemplate] = route.split(" ");
    const url = pathTemplate.replace(/\{[^}]+\}/g, "0123456789abcdef01234567");
    const call = (extra: Record<string, string>) =>
      t.app.inject({ method: method as "GET", url, headers: extra, ...(method === "GET" ? {} : { payload: {} }) });

    const anonymous = await call({});
    if (access === "public") expect([401, 403]).not.toContain(anonymous.statusCode);
    else expect(anonymous.statusCode).toBe(401);

    for (const role of ROLES) {
      const response = await call(headers[role]);
      const allowed = access === "public" || access === "signed-in" || access.includes(role);
      if (allowed) expect([401, 403], `${role} should be let in`).not.toContain(response.statusCode);
      else expect(response.statusCode, `${role} should be refused`).toBe(403);
    }
  });
});
