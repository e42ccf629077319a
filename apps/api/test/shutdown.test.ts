import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./support/server-process.js";

// Up to 30 s: the first start migrates and seeds while other test files share the machine's cores.
async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become healthy");
}

// The real entry point (main.ts) as a process: one SQLite run is enough, whatever the dialect pass.
describe.runIf(process.env.TEST_DIALECT === "sqlite")("server process", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-main-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("migrates, seeds, serves, and on SIGTERM finishes in-flight requests and closes the database", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        WEB_DIST: "/none",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await waitForHealth(base, child);

    const courses = await (await fetch(`${base}/api/courses`)).json();
    expect(courses.data.courses.length).toBeGreaterThanOrEqual(8);

    const inFlight = fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "Admin123!" }),
    });
    await new Promise((r) => setTimeout(r, 5));
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await exited).toBe(0);
    // A cleanly closed SQLite database has folded its write-ahead log back in.
    expect(existsSync(path.join(dataDir, "lms.db-wal"))).toBe(false);
  });
});
