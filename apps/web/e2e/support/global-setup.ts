import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { E2E_BASE_URL, E2E_JWT_SECRET, E2E_MAIL_DIR, E2E_PORT } from "./env";

const root = path.resolve(import.meta.dirname, "../../../..");

/** A real SMTP server: every message it receives becomes a file in E2E_MAIL_DIR. */
async function startSmtp(): Promise<{ port: number; server: SMTPServer }> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        writeFileSync(path.join(E2E_MAIL_DIR, `${Date.now()}-${count++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { port, server };
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`e2e server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${E2E_BASE_URL}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("e2e server did not become healthy");
}

export default async function globalSetup() {
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-e2e-data-"));
  const server = spawn(process.execPath, [path.join(root, "apps/api/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JWT_SECRET: E2E_JWT_SECRET,
      AUTH_RATE_LIMIT_MAX: "10000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(server);
  return async () => {
    await new Promise((resolve) => {
      server.on("exit", resolve);
      server.kill("SIGTERM");
    });
    await new Promise((resolve) => smtp.server.close(() => resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
