import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server that keeps what it receives, on a port that stays the same across `stop()`
 * and `start()`, so a test can take the mail server down and bring it back.
 */
export async function createSmtpServer() {
  const received: string[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      const next = new SMTPServer({
        authOptional: true,
        closeTimeout: 100,
        disabledCommands: ["STARTTLS"],
        onData(stream, _session, callback) {
          let data = "";
          stream.on("data", (chunk: Buffer) => {
            data += chunk.toString();
          });
          stream.on("end", () => {
            received.push(data);
            callback();
          });
        },
      });
      server = next;
      next.listen(port, "127.0.0.1", () => {
        port = (next.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await start();
  return {
    received,
    start,
    stop,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
  };
}
