import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_JWT_SECRET } from "./env";

const root = path.resolve(import.meta.dirname, "../../../..");

export interface E2eServer {
  url: string;
  /** The server's DATA_DIR (a test may plant a stored file in it). */
  dataDir: string;
  stop(): Promise<void>;
}

async function waitForHealth(child: ChildProcess, url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`e2e server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("e2e server did not become healthy");
}

/** The built app (api + web) on `port` with a fresh data folder and demo data; `env` adds settings. */
export async function startE2eServer(port: number, env: Record<string, string> = {}): Promise<E2eServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-e2e-data-"));
  const server = spawn(process.execPath, [path.join(root, "apps/api/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      JWT_SECRET: E2E_JWT_SECRET,
      AUTH_RATE_LIMIT_MAX: "10000",
      BACKUP_SCHEDULE: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(server, url);
  return {
    url,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        await new Promise((resolve) => {
          server.on("exit", resolve);
          server.kill("SIGTERM");
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
