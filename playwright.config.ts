import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * The tests' browser: Debian's chromium-headless-shell, Chromium's headless-only build (the one
 * Playwright itself runs headless tests in), else Debian's full Chromium; CHROMIUM_PATH names
 * another. The full browser in its new headless mode draws through a GPU process and its own
 * window machinery, which made the run a quarter longer (docs/speed.md "The suite's time on 2 cores
 * (issue 22)"). The layout-shift and Lighthouse specs keep the full browser, as a person's.
 */
const browser = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  // No retries anywhere: a flaky test is fixed, not retried until it passes.
  retries: 0,
  // A whole journey per test: the director's details and identity-check journeys and the invoice
  // request come close to half a minute on 2 cores, so a 30 s budget failed them whenever the
  // machine was busier (axe's evaluate cut off mid-run). Each step keeps its own expect limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    // A failing test leaves a screenshot of where it stopped. Traces (a DOM snapshot and screencast
    // at every action of every test) are recorded only with E2E_TRACE=1, kept for the tests that
    // fail: what they cost the run is in docs/speed.md "The suite's time on 2 cores (issue 22)".
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: browser,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
