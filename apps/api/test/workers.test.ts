import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "./support/server-process.js";

const childrenOf = (pid: number) =>
  spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)])
    .stdout.toString()
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);

const healthy = async (base: string) => (await fetch(`${base}/api/health`)).ok;

// The real entry point with WORKERS=2: one SQLite run is enough, whatever the dialect pass.
describe.runIf(process.env.TEST_DIALECT === "sqlite")("WORKERS=2", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-workers-"));
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  afterAll(async () => {
    if (server?.child.exitCode === null) await server.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from two processes, replaces one that dies, and stops them all on SIGTERM", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, WORKERS: "2" });
    const { base, child, exited } = server;
    const pid = child.pid as number;
    await expect.poll(() => childrenOf(pid).length, { timeout: 60_000 }).toBe(2);

    // The primary seeded once; both workers answer from the same data.
    const courses = await (await fetch(`${base}/api/courses`)).json();
    expect(courses.data.courses.length).toBeGreaterThanOrEqual(8);

    const [victim] = childrenOf(pid);
    process.kill(victim, "SIGKILL");
    await expect.poll(() => healthy(base).catch(() => false), { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => childrenOf(pid).filter((worker) => worker !== victim).length, { timeout: 60_000, interval: 200 })
      .toBe(2);

    const workers = childrenOf(pid);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(workers.filter((worker) => spawnSync("kill", ["-0", String(worker)]).status === 0)).toEqual([]);
  }, 180_000);
});
