import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e server signs tokens with this secret so a test can mint an already expired one. */
export const E2E_JWT_SECRET = "e2e-secret-that-is-long-enough-for-hs256-signing";
/** Where the test's SMTP server drops each received message (one file per message). */
export const E2E_MAIL_DIR = path.join(tmpdir(), `lms-e2e-mail-${E2E_PORT}`);
/**
 * The browser: CHROMIUM_PATH, else Chromium's headless shell when installed (Debian
 * `chromium-headless-shell`: the same engine without the desktop browser's compositing, about a sixth
 * less CPU over the journeys), else the full Chromium.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
