import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MESSAGES } from "@lms/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./support/server-process.js";

const adminUrl = process.env.TEST_DATABASE_URL ?? "";

async function until(what: string, check: () => Promise<boolean> | boolean, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`api exited (${child.exitCode}) while waiting for: ${what}`);
    try {
      if (await check()) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

// The real api process on a database of its own, whose connections the test cuts as a restart would.
describe.runIf(process.env.TEST_DIALECT === "postgres" && adminUrl)("the api process when PostgreSQL drops", () => {
  const dbName = `lms_outage_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-outage-"));
  const admin = new pg.Client({ connectionString: adminUrl });
  const output: string[] = [];
  let child: ChildProcess;
  let base = "";

  const setConnections = (allowed: boolean) =>
    admin.query(`alter database ${dbName} with allow_connections ${allowed}`);
  const dropConnections = () =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [dbName]);
  const api = (route: string, init: RequestInit = {}) =>
    fetch(`${base}${route}`, { ...init, headers: { "content-type": "application/json", ...init.headers } });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  });

  // The api finishes its shutdown and PostgreSQL drops a whole database: slow beside other test files.
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await setConnections(true);
    await dropConnections();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("waits for it at start, stays up through dropped connections, answers 503 while it is down and recovers", async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;

    // Unreachable at start: the process waits and says so.
    await setConnections(false);
    child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATABASE_CONNECT_TIMEOUT_SECONDS: "2",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        READ_CACHE_SECONDS: "0",
        WEB_DIST: "/none",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => output.push(String(chunk)));
    child.stderr?.on("data", (chunk) => output.push(String(chunk)));
    await until("the waiting log line", () => output.join("").includes("database unreachable at start"), child);
    await setConnections(true);
    await until("health", async () => (await api("/api/health")).ok, child);

    // A write answered 2xx before the outage.
    const account = { name: "Outage Tester", email: `outage-${dbName}@example.com`, password: "Outage123!" };
    const registered = await api("/api/auth/register", { method: "POST", body: JSON.stringify(account) });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()).data;
    const profile = () => api("/api/auth/profile", { headers: { authorization: `Bearer ${token}` } });
    expect((await profile()).status).toBe(200);

    // Every connection terminated, as a restart does: the process lives on and the next request works.
    const { rowCount } = await dropConnections();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(child.exitCode).toBeNull();
    expect((await profile()).status).toBe(200);

    // Down: clear 503s, quickly, never 500 or a hang.
    await setConnections(false);
    await dropConnections();
    await new Promise((r) => setTimeout(r, 300));
    const health = await api("/api/health");
    expect(health.status).toBe(503);
    expect((await health.json()).message).toBe(MESSAGES.databaseUnavailable.text);
    const during = await profile();
    expect(during.status).toBe(503);
    expect((await during.json()).message).toBe(MESSAGES.databaseUnavailable.text);
    expect(child.exitCode).toBeNull();

    // Back: no restart needed, and the write from before the outage is there.
    await setConnections(true);
    await until("health after the outage", async () => (await api("/api/health")).ok, child);
    expect((await profile()).status).toBe(200);
    const login = await api("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);
    expect(output.join("")).toContain("database connection lost");
  });
});
