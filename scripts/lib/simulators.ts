// The local stand-ins for outside services (Stripe, Yoti, Sage, the bot check, Companies House). Each is its own
// process (scripts/simulators/<name>.ts) speaking the provider's wire protocol. `npm start` runs
// the ones whose real configuration is unset; the end-to-end tests run them all on their own ports.
import { spawn, type ChildProcess } from "node:child_process";
import { STRIPE_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/stripe/dev-credentials";
import { configureStripeSimulator, stripeSimulatorWanted } from "../../lib/integrations/stripe/simulator/configure";
import { YOTI_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/yoti/dev-defaults";
import { configureYotiSimulator, yotiSimulatorWanted } from "../../lib/integrations/yoti/simulator/configure";
import { SAGE_SIMULATOR_DEFAULT_PORT, configureSageSimulator, sageSimulatorWanted } from "../../lib/integrations/sage/simulator/configure";
import { RECAPTCHA_SIMULATOR_DEFAULT_PORT, captchaSimulatorWanted, configureCaptchaSimulator } from "../../lib/integrations/captcha/simulator/configure";
import { COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT, companiesHouseSimulatorWanted, configureCompaniesHouseSimulator } from "../../lib/integrations/companies-house/simulator/configure";

export interface Simulator {
  /** Short name, used in logs. */
  name: string;
  /** Entry script, run with tsx. */
  script: string;
  /** Port when nothing else is said (`npm start`); tests pass their own. */
  defaultPort: number;
  /** True when the portal's configuration leaves this service to its simulator. */
  wanted(env: NodeJS.ProcessEnv): boolean;
  /**
   * Sets in `env` what the simulator process and the portal need to talk to each other when the
   * simulator listens on `port` (the portal's API base, keys, the simulator's own settings).
   */
  configure(env: NodeJS.ProcessEnv, port: number): void;
  /** A URL that answers 2xx once the simulator is ready. */
  readyUrl(port: number): string;
}

/** Every simulator. Each integration adds its entry here. */
export const simulators: Simulator[] = [
  {
    // Yoti Identity Verification: signed API requests, hosted page, notifications.
    name: "yoti",
    script: "scripts/simulators/yoti.ts",
    defaultPort: YOTI_SIMULATOR_DEFAULT_PORT,
    wanted: yotiSimulatorWanted,
    configure: configureYotiSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // Stripe: form-encoded API with idempotency keys, Checkout Sessions, hosted page, signed webhooks.
    name: "stripe",
    script: "scripts/simulators/stripe.ts",
    defaultPort: STRIPE_SIMULATOR_DEFAULT_PORT,
    wanted: stripeSimulatorWanted,
    configure: configureStripeSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // Sage Business Cloud Accounting v3.1: OAuth refresh-token grant with rotation, contacts, sales invoices.
    name: "sage",
    script: "scripts/simulators/sage.ts",
    defaultPort: SAGE_SIMULATOR_DEFAULT_PORT,
    wanted: sageSimulatorWanted,
    configure: configureSageSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // reCAPTCHA Enterprise (the bot check): the browser script, and the assessment API.
    name: "captcha",
    script: "scripts/simulators/captcha.ts",
    defaultPort: RECAPTCHA_SIMULATOR_DEFAULT_PORT,
    wanted: captchaSimulatorWanted,
    configure: configureCaptchaSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // Companies House public data API: HTTP Basic with the key, company profiles, officers, PSCs, search, 429s.
    name: "companies-house",
    script: "scripts/simulators/companies-house.ts",
    defaultPort: COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT,
    wanted: companiesHouseSimulatorWanted,
    configure: configureCompaniesHouseSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
];

async function waitReady(url: string, child: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`simulator did not answer at ${url}`);
}

/**
 * Configures `env` for, starts and waits for the simulators that `env` leaves unset (or all, with
 * `all`). `portOf` picks each one's port. Returns the child processes.
 */
export async function startSimulators(
  env: NodeJS.ProcessEnv,
  options: { all?: boolean; portOf?: (s: Simulator) => number; stdio?: "inherit" | ["ignore", number, number] } = {},
): Promise<ChildProcess[]> {
  const chosen = simulators.filter((s) => options.all || s.wanted(env));
  for (const s of chosen) s.configure(env, options.portOf?.(s) ?? s.defaultPort);
  const children = chosen.map((s) => {
    const port = options.portOf?.(s) ?? s.defaultPort;
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", s.script], { env: { ...env, SIMULATOR_PORT: String(port) }, stdio: options.stdio ?? "inherit" });
    return { s, port, child };
  });
  await Promise.all(children.map(({ s, port, child }) => waitReady(s.readyUrl(port), child).catch((err: Error) => {
    throw new Error(`${s.name} simulator: ${err.message}`);
  })));
  for (const { s, port } of children) console.log(`[simulators] ${s.name} on port ${port}`);
  return children.map((c) => c.child);
}
