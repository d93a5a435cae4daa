// `npm start`: the portal on this machine with no set-up. Checks that every port it will listen on
// is free (the portal's PORT, the local OpenID Connect provider's, each simulator's: a taken one
// stops it here, naming the port and the variable that moves it), builds if needed, prepares the
// database (embedded PGlite under .data/ unless DATABASE_URL is set: created, migrated and seeded
// with demo data on first start), starts the local stand-ins for outside services, then serves on
// PORT. Any of its processes exiting stops the others and `npm start` with its exit code.
// `npm run dev` does the same with `next dev` (hot reload) instead of a production build.
import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf } from "../db/client";
import { seedDemo } from "../db/seed/demo";
import { buildIfNeeded } from "./lib/build-if-needed";
import { checkPortsFree, PortsUnavailableError, portFrom, type WantedPort } from "./lib/ports";
import { plannedSimulators, startSimulators } from "./lib/simulators";
import { print, printError } from "./lib/terminal";

const dev = process.argv.includes("--dev");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  APP_ENV: process.env.APP_ENV ?? "development",
  PORT: process.env.PORT ?? "3000",
  NEXT_TELEMETRY_DISABLED: "1",
};
env.APP_URL ??= `http://localhost:${env.PORT}`;
const children: ChildProcess[] = [];

async function prepareDatabase() {
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? ".data", migrate: true });
  try {
    const [{ count }] = rowsOf<{ count: number }>(await handle.db.execute(sql`select count(*)::int as count from clients`)) as [{ count: number }];
    if (count === 0) {
      await seedDemo(handle.db);
      print(`[start] ${handle.kind} database created, migrated and seeded with demo data (${Date.now() - started} ms)`);
    } else {
      print(`[start] ${handle.kind} database ready: ${count} clients (${Date.now() - started} ms)`);
    }
  } finally {
    // The embedded database belongs to one process at a time: hand it over to the server.
    await handle.close();
  }
}

/** Watches a child: when it exits, everything stops, with its exit code (1 after a signal). */
function watch(name: string, child: ChildProcess) {
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    print(`[start] ${name} exited (${signal ?? code})`);
    shutdown(code ?? 1);
  });
  return child;
}

function run(name: string, command: string, args: string[]) {
  return watch(name, spawn(command, args, { stdio: "inherit", env }));
}

const localOidcWanted = () => !env.OIDC_ISSUER && env.APP_ENV !== "production";
const simulatorsWanted = () => env.APP_ENV !== "production";

/** Every port this start will listen on, with what listens there and the variable that moves it. */
function wantedPorts(): WantedPort[] {
  const ports: WantedPort[] = [{ port: portFrom(env, "PORT", 3000), what: "the portal", variable: "PORT" }];
  if (localOidcWanted()) ports.push({ port: portFrom(env, "OIDC_PROVIDER_PORT", 4010), what: "the local OpenID Connect provider", variable: "OIDC_PROVIDER_PORT" });
  if (simulatorsWanted()) ports.push(...plannedSimulators(env).map((p) => p.wanted));
  return ports;
}

// Admin single sign-on: without OIDC_ISSUER (and outside production), run the local OpenID Connect
// provider of scripts/oidc-provider.ts (accounts admin@portal.example and staff@portal.example).
async function startLocalOidcProvider() {
  if (!localOidcWanted()) return;
  env.OIDC_PROVIDER_PORT ||= "4010";
  const child = run("oidc provider", process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/oidc-provider.ts"]);
  env.OIDC_ISSUER = `http://localhost:${env.OIDC_PROVIDER_PORT}`;
  env.OIDC_CLIENT_ID = "portal-local";
  env.OIDC_CLIENT_SECRET = "portal-local-secret";
  env.ADMIN_EMAILS ||= "admin@portal.example";
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const ok = await fetch(`${env.OIDC_ISSUER}/.well-known/openid-configuration`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  // Exited: it said why (a taken port names OIDC_PROVIDER_PORT), and its exit stops everything.
  if (child.exitCode !== null || child.signalCode !== null) throw new Error("the local OpenID Connect provider stopped before it was ready");
  throw new Error(`the local OpenID Connect provider did not answer at ${env.OIDC_ISSUER}`);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r))))).then(() => process.exit(code));
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

async function main() {
  const started = Date.now();
  // Before the build and the database: a taken port is found in a second, not after minutes.
  await checkPortsFree(wantedPorts());
  if (!dev) buildIfNeeded(env);
  await prepareDatabase();
  await startLocalOidcProvider();
  // Stripe, Yoti, Sage and the bot check: a local simulator for each one left unconfigured.
  if (simulatorsWanted()) for (const child of await startSimulators(env)) watch(child.spawnargs.at(-1) ?? "a simulator", child);
  if (!env.SMTP_URL) print(`[start] no SMTP_URL: outgoing mail is captured; read it at ${env.APP_URL}/dev/mailbox`);
  // The portal's own server (scripts/serve.ts): Next.js behind the one place that decides the
  // client's address from the connection, so no client can choose its address for rate limits.
  run("portal", process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", ...(dev ? ["--dev"] : [])]);
  print(`[start] portal starting on ${env.APP_URL} (prepared in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((err) => {
  const lines = err instanceof PortsUnavailableError ? err.problems : [err instanceof Error ? err.message : String(err)];
  for (const line of lines) printError(`[start] ${line}`);
  shutdown(1);
});
