import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { newId } from "../db/ids.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../storage/private-files.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's display name (the site name); the address is MAIL_FROM. */
  fromName?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** MAIL_FROM may carry its own display name ("LearnHub <no-reply@host>"); a message's fromName replaces it. */
const senderAddress = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from.trim();

/** Sends through SMTP_URL when set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ fromName, ...message }) {
      const sender = fromName ? { name: fromName, address: senderAddress(from) } : from;
      await transport.sendMail({ from: sender, ...message });
    },
  };
}

/**
 * Without SMTP, each message is written as JSON to DATA_DIR/outbox and logged, so links are reachable in
 * development. The messages hold reset links: the folder and files are for the service's user only.
 */
export function createOutboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(dataDir, "outbox");
  mkdirSync(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
  return {
    async send(message) {
      const file = path.join(outbox, `${newId()}.json`);
      writeFileSync(file, JSON.stringify({ ...message, date: new Date().toISOString() }, null, 2), {
        mode: PRIVATE_FILE_MODE,
      });
      log.info({ to: message.to, subject: message.subject, file }, `mail written to outbox:\n${message.text}`);
    },
  };
}

export function createMailer(
  config: { smtpUrl?: string; mailFrom: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(config.dataDir, log);
}
