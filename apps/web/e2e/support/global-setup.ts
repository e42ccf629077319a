import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { E2E_MAIL_DIR, E2E_PORT } from "./env";
import { startE2eServer } from "./server";

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

export default async function globalSetup() {
  const smtp = await startSmtp();
  const server = await startE2eServer(E2E_PORT, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  return async () => {
    await server.stop();
    await new Promise((resolve) => smtp.server.close(() => resolve(undefined)));
  };
}
