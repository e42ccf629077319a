import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

export type LogFormat = "auto" | "json" | "pretty";

/** Human-readable lines on a terminal (`auto`, or `pretty`); JSON lines otherwise, for log collectors. */
export const prettyLogs = (format: LogFormat): boolean =>
  format === "pretty" || (format === "auto" && process.stdout.isTTY === true);

export function createLogger(options: { level: string; format: LogFormat }): Logger {
  if (!prettyLogs(options.format)) return pino({ level: options.level });
  return pino({ level: options.level }, pretty({ colorize: process.stdout.isTTY === true, sync: true }));
}
