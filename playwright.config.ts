import { defineConfig } from "@playwright/test";
import { testBrowser, testBrowserArgs } from "./tests/e2e/support/browser";

const port = Number(process.env.E2E_PORT ?? 3100);

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
      executablePath: testBrowser,
      args: testBrowserArgs,
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
