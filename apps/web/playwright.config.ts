import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH, E2E_BASE_URL } from "./e2e/support/env";

// One built server for the whole run (started in global setup), browser tests in parallel workers.
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    // Journeys name controls by their English text: every browser starts in English unless a test asks otherwise.
    locale: "en-US",
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace: DOM snapshots of each step, network and console, and the screenshot below.
    // Not its screencast: filming every page of every run cost a third of the journeys' time.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
