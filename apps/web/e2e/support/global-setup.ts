import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { E2E_MAIL_DIR, E2E_PORT } from "./env";
import { startE2eServer } from "./server";

/**
 * A real SMTP server: every message it receives becomes a file in E2E_MAIL_DIR. A recipient is
 * refused (550) while a file `refuse-<address>` exists there, so a test can make an e-mail fail.
 */
async function startSmtp(): Promise<{ port: number; server: SMTPServer }> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (!existsSync(path.join(E2E_MAIL_DIR, `refuse-${address.address}`))) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
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
  // Few, quick retries so a refused e-mail's job fails within seconds (the failed-jobs journey).
  const server = await startE2eServer(E2E_PORT, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    OUTBOX_POLL_MS: "500",
    OUTBOX_MAX_ATTEMPTS: "2",
    OUTBOX_RETRY_MS: "500",
  });
  // Tests run in workers started after this: they read the server's data folder from here.
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await new Promise((resolve) => smtp.server.close(() => resolve(undefined)));
  };
}
