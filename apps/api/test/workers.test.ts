import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const childrenOf = (pid: number) =>
  spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)])
    .stdout.toString()
    .split("\n")
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);

const healthy = async (base: string) => {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
};

// The real entry point with WORKERS=2: one SQLite run is enough, whatever the dialect pass.
describe.runIf(process.env.TEST_DIALECT === "sqlite")("WORKERS=2", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-workers-"));
  let primary: ChildProcess | undefined;
  afterAll(() => {
    if (primary?.exitCode === null) primary.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from two processes, replaces one that dies, and stops them all on SIGTERM", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    primary = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        WEB_DIST: "/none",
        WORKERS: "2",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const server = primary;
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    const pid = server.pid as number;
    await expect.poll(() => healthy(base), { timeout: 60_000, interval: 200 }).toBe(true);
    await expect.poll(() => childrenOf(pid).length, { timeout: 60_000 }).toBe(2);

    // The primary seeded once; both workers answer from the same data.
    const courses = await (await fetch(`${base}/api/courses`)).json();
    expect(courses.data.courses.length).toBeGreaterThanOrEqual(8);

    const [victim] = childrenOf(pid);
    process.kill(victim, "SIGKILL");
    expect(await healthy(base)).toBe(true);
    await expect
      .poll(() => childrenOf(pid).filter((child) => child !== victim).length, { timeout: 60_000, interval: 200 })
      .toBe(2);

    const workers = childrenOf(pid);
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(workers.filter((worker) => spawnSync("kill", ["-0", String(worker)]).status === 0)).toEqual([]);
  }, 180_000);
});
