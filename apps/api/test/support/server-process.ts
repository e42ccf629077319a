import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The real entry point (src/main.ts) as a child process, on a port of its own, once it answers health checks.
 * `captureOutput` keeps what it prints (`output()`) instead of passing it through.
 */
export async function startServerProcess(env: Record<string, string>, port?: number, captureOutput = false) {
  const listenOn = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenOn}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      WEB_DIST: "/none",
      BACKUP_SCHEDULE: "false",
      ...env,
    },
    stdio: ["ignore", captureOutput ? "pipe" : "inherit", "inherit"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode})`);
    if (i > 600) throw new Error("server did not become healthy");
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port: listenOn,
    child,
    exited,
    output: () => printed,
    /** kill -9: no shutdown hook runs, in-flight requests are cut. */
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
