import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../src/db/connection.js";
import { demoAccountsInUse } from "../src/seed/demo-accounts-in-use.js";
import { startServerProcess } from "./support/server-process.js";

async function printed(server: { output: () => string }, text: string): Promise<string> {
  for (let i = 0; i < 100 && !server.output().includes(text); i++) await new Promise((r) => setTimeout(r, 100));
  return server.output();
}

// The real entry point's terminal output: one SQLite run is enough, whatever the dialect pass.
describe.runIf(process.env.TEST_DIALECT === "sqlite")("npm start on a terminal", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-banner-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("prints readable logs and a banner with the address and the demo accounts while their passwords work", async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "info", PUBLIC_URL: "http://lms.example:8080" };
    const pretty = await startServerProcess({ ...env, LOG_FORMAT: "pretty" }, undefined, true);
    const banner = await printed(pretty, "Demo accounts");
    expect(banner).toContain("LMS is running at http://lms.example:8080");
    expect(banner).toMatch(/learner\s+learner@example\.com\s+Learner123!/);
    expect(banner).toMatch(/super_admin\s+superadmin@example\.com\s+Super123!/);
    const logLines = banner.split("\n").filter((line) => line.includes("seeded demo data"));
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).not.toMatch(/^\{/);

    const login = await fetch(`${pretty.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "learner@example.com", password: "Learner123!" }),
    });
    const { token } = (await login.json()).data;
    const changed = await fetch(`${pretty.base}/api/users/me/password`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: "Learner123!", newPassword: "Another-Pass-2026!" }),
    });
    expect(changed.status).toBe(200);
    await pretty.stop();

    // Not on a terminal (a service manager, a container): JSON lines, no banner.
    const plain = await startServerProcess(env, undefined, true);
    const output = await printed(plain, "Server listening");
    await plain.stop();
    expect(output).not.toContain("LMS is running at");
    for (const line of output.trim().split("\n")) expect(() => JSON.parse(line)).not.toThrow();

    const database = openDb(`file:${path.join(dataDir, "lms.db")}`);
    const inUse = await demoAccountsInUse(database.db);
    await database.close();
    expect(inUse.map((account) => account.email)).toEqual([
      "superadmin@example.com",
      "admin@example.com",
      "instructor@example.com",
    ]);
  }, 60_000);
});
