// The local stand-ins for outside services (Stripe, Yoti, Sage, the bot check, Companies House). Each is its own
// process (scripts/simulators/<name>.ts) speaking the provider's wire protocol. `npm start` runs
// the ones whose real configuration is unset, each on its default port or the one its variable
// (`<NAME>_SIMULATOR_PORT`) names; the end-to-end tests run them all on their own ports. Every port
// is checked before any simulator is spawned, and a simulator that cannot listen exits 1 naming
// its port and variable (scripts/lib/ports.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { STRIPE_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/stripe/dev-credentials";
import { configureStripeSimulator, stripeSimulatorWanted } from "../../lib/integrations/stripe/simulator/configure";
import { YOTI_SIMULATOR_DEFAULT_PORT } from "../../lib/integrations/yoti/dev-defaults";
import { configureYotiSimulator, yotiSimulatorWanted } from "../../lib/integrations/yoti/simulator/configure";
import { SAGE_SIMULATOR_DEFAULT_PORT, configureSageSimulator, sageSimulatorWanted } from "../../lib/integrations/sage/simulator/configure";
import { RECAPTCHA_SIMULATOR_DEFAULT_PORT, captchaSimulatorWanted, configureCaptchaSimulator } from "../../lib/integrations/captcha/simulator/configure";
import { COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT, companiesHouseSimulatorWanted, configureCompaniesHouseSimulator } from "../../lib/integrations/companies-house/simulator/configure";
import { checkPortsFree, portFrom, type WantedPort } from "./ports";
import { print } from "./terminal";

export interface Simulator {
  /** Short name, used in logs. */
  name: string;
  /** What it is in messages ("the Stripe simulator"); default `the <name> simulator`. */
  label?: string;
  /**
   * The variable that moves its port under `npm start`; default `<NAME>_SIMULATOR_PORT` (the name
   * upper-cased, other characters as `_`). The simulator process itself reads SIMULATOR_PORT.
   */
  portVariable?: string;
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
    label: "the Yoti simulator",
    script: "scripts/simulators/yoti.ts",
    defaultPort: YOTI_SIMULATOR_DEFAULT_PORT,
    wanted: yotiSimulatorWanted,
    configure: configureYotiSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // Stripe: form-encoded API with idempotency keys, Checkout Sessions, hosted page, signed webhooks.
    name: "stripe",
    label: "the Stripe simulator",
    script: "scripts/simulators/stripe.ts",
    defaultPort: STRIPE_SIMULATOR_DEFAULT_PORT,
    wanted: stripeSimulatorWanted,
    configure: configureStripeSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // Sage Business Cloud Accounting v3.1: OAuth refresh-token grant with rotation, contacts, sales invoices.
    name: "sage",
    label: "the Sage simulator",
    script: "scripts/simulators/sage.ts",
    defaultPort: SAGE_SIMULATOR_DEFAULT_PORT,
    wanted: sageSimulatorWanted,
    configure: configureSageSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // reCAPTCHA Enterprise (the bot check): the browser script, and the assessment API.
    name: "captcha",
    label: "the reCAPTCHA simulator",
    portVariable: "RECAPTCHA_SIMULATOR_PORT",
    script: "scripts/simulators/captcha.ts",
    defaultPort: RECAPTCHA_SIMULATOR_DEFAULT_PORT,
    wanted: captchaSimulatorWanted,
    configure: configureCaptchaSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
  {
    // Companies House public data API: HTTP Basic with the key, company profiles, officers, PSCs, search, 429s.
    name: "companies-house",
    label: "the Companies House simulator",
    script: "scripts/simulators/companies-house.ts",
    defaultPort: COMPANIES_HOUSE_SIMULATOR_DEFAULT_PORT,
    wanted: companiesHouseSimulatorWanted,
    configure: configureCompaniesHouseSimulator,
    readyUrl: (port) => `http://127.0.0.1:${port}/_simulator/health`,
  },
];

export const labelOf = (s: Simulator) => s.label ?? `the ${s.name} simulator`;
export const portVariableOf = (s: Simulator) => s.portVariable ?? `${s.name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_SIMULATOR_PORT`;

export interface StartOptions {
  /** Every simulator, not only those the configuration leaves unset (end-to-end tests). */
  all?: boolean;
  /** Each one's port; default its variable's value in `env`, else its default port. */
  portOf?: (s: Simulator) => number;
  stdio?: "inherit" | ["ignore", number, number];
}

/** The simulators `startSimulators` would start, with their ports, for checking them first. */
export function plannedSimulators(env: NodeJS.ProcessEnv, options: StartOptions = {}): { simulator: Simulator; wanted: WantedPort }[] {
  return simulators
    .filter((s) => options.all || s.wanted(env))
    .map((s) => {
      const variable = portVariableOf(s);
      const port = options.portOf?.(s) ?? portFrom(env, variable, s.defaultPort);
      return { simulator: s, wanted: { port, what: labelOf(s), variable } };
    });
}

/** Resolves once `url` answers 2xx; rejects if the child exits first (it said why) or after `timeoutMs`. */
async function waitReady(url: string, child: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`stopped before it was ready (${child.signalCode ?? `exit code ${child.exitCode}`})`);
  throw new Error(`did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Configures `env` for, starts and waits for the simulators that `env` leaves unset (or all, with
 * `all`). Stops, naming the port and its variable, when a port is taken (checked before any is
 * spawned) or a simulator exits before it is ready. Returns the child processes.
 */
export async function startSimulators(env: NodeJS.ProcessEnv, options: StartOptions = {}): Promise<ChildProcess[]> {
  const planned = plannedSimulators(env, options);
  await checkPortsFree(planned.map((p) => p.wanted));
  for (const { simulator, wanted } of planned) simulator.configure(env, wanted.port);
  const started = planned.map(({ simulator, wanted }) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", simulator.script], {
      // SIMULATOR_PORT_VARIABLE: the variable the simulator's own port message names.
      env: { ...env, SIMULATOR_PORT: String(wanted.port), SIMULATOR_PORT_VARIABLE: wanted.variable },
      stdio: options.stdio ?? "inherit",
    });
    return { simulator, wanted, child };
  });
  try {
    await Promise.all(
      started.map(({ simulator, wanted, child }) =>
        waitReady(simulator.readyUrl(wanted.port), child).catch((err: Error) => {
          throw new Error(`${labelOf(simulator)} on port ${wanted.port}: ${err.message}`);
        }),
      ),
    );
  } catch (err) {
    for (const { child } of started) if (child.exitCode === null) child.kill("SIGTERM");
    throw err;
  }
  for (const { simulator, wanted } of started) print(`[simulators] ${simulator.name} on port ${wanted.port}`);
  return started.map((c) => c.child);
}
