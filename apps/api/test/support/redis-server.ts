import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { freePort } from "./server-process.js";

/** Whether a real redis-server can be started here; CI installs it, so there its absence is a failure. */
export function redisServerAvailable(): boolean {
  const found = spawnSync("redis-server", ["--version"]).status === 0;
  if (!found && process.env.CI) throw new Error("redis-server is missing: .ci/run installs Debian's redis-server");
  return found;
}

/** A throwaway redis-server on its own port, without persistence, that a test can stop and start again. */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn("redis-server", [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ]);
    child = proc;
    await new Promise<void>((resolve, reject) => {
      proc.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("Ready to accept connections")) resolve();
      });
      proc.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
    });
  };
  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    await new Promise((resolve) => {
      proc.once("exit", resolve);
      proc.kill("SIGKILL");
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
