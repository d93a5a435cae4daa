// Starts what the end-to-end tests run against: a production build of the portal on a fresh,
// seeded database (PostgreSQL when reachable, else the embedded database), with real SMTP delivery
// into a capture SMTP server. Returns the teardown.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../../db/client";
import { seedDemo } from "../../../db/seed/demo";
import { buildIfNeeded } from "../../../scripts/lib/build-if-needed";
import { startSimulators } from "../../../scripts/lib/simulators";
import { createTestDatabase, dropTestDatabases, postgresReachable } from "../../setup/test-databases.mjs";
import { demoChecksum, demoDifferences, readDemoRows } from "./demo-rows";

async function waitFor(url: string, timeoutMs: number, child: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
  const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4011);
  const run = `${Date.now()}_${process.pid}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-e2e-"));
  const mailboxDir = path.join(tmp, "mailbox");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: "test",
    APP_URL: `http://localhost:${port}`,
    PORT: String(port),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAILBOX_DIR: mailboxDir,
    MAILBOX_SMTP_PORT: String(smtpPort),
    // The role matrix acts as an admin with the test-user header, and as a machine with the api-key.
    TEST_USER_HEADER_ENABLED: "true",
    ADMIN_API_KEY: "e2e-admin-api-key-0123456789abcdef",
    // Admin single sign-on against the local OpenID Connect provider (scripts/oidc-provider.ts).
    OIDC_PROVIDER_PORT: String(oidcPort),
    // oidc-provider's default: email and groups only at the UserInfo endpoint, not in the ID token
    // (the stricter case; tests/integration/sso-userinfo.test.ts covers both).
    OIDC_PROVIDER_CLAIMS: "userinfo",
    OIDC_ISSUER: `http://localhost:${oidcPort}`,
    OIDC_CLIENT_ID: "portal-local",
    OIDC_CLIENT_SECRET: "portal-local-secret",
    ADMIN_EMAILS: "admin@portal.example",
    // Every browser of the run comes from one address: the per-address request limit would end the
    // run's requests in 429 (tests/integration/public-request-limits.test.ts tests it).
    REQUESTS_PER_ADDRESS: "1000",
    // The nightly schedules (the register refresh at 01:26, overdue clients at 00:04…) would change
    // demo clients mid-run, whatever time the run starts; their jobs have integration tests.
    WORKER_SCHEDULES: "false",
    NEXT_TELEMETRY_DISABLED: "1",
  };

  buildIfNeeded(env);

  const dbName = `dvp_e2e_${run}`;
  if (await postgresReachable()) {
    env.DATABASE_URL = await createTestDatabase(dbName);
    // As docker-compose deploys it: the portal only sends jobs, a separate worker works them.
    env.WORKER_IN_PROCESS = "false";
    console.log(`[e2e] PostgreSQL database ${dbName}, with a separate worker process`);
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.join(tmp, "data");
    console.warn(`[e2e] PostgreSQL not reachable: using the embedded database in ${env.DATA_DIR}`);
  }
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: true });
  await seedDemo(handle.db);
  // The demo data as seeded: the teardown fails the run if any spec changed it.
  const demoBefore = await readDemoRows(handle.db);
  await handle.close();

  const log = fs.openSync(path.join(tmp, "server.log"), "a");
  const oidc = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/oidc-provider.ts"], { env, stdio: ["ignore", log, log] });
  try {
    await waitFor(`${env.OIDC_ISSUER}/.well-known/openid-configuration`, 30_000, oidc);
  } catch (err) {
    oidc.kill("SIGTERM");
    console.error(fs.readFileSync(path.join(tmp, "server.log"), "utf8"));
    throw err;
  }
  // Every simulator, on ports of its own (default + E2E_SIM_PORT_OFFSET), clear of `npm start`'s.
  const simOffset = Number(process.env.E2E_SIM_PORT_OFFSET ?? 1);
  const sims = await startSimulators(env, { all: true, portOf: (s) => s.defaultPort + simOffset, stdio: ["ignore", log, log] });
  const children = [
    oidc,
    spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/mailbox.ts"], { env, stdio: ["ignore", log, log] }),
    // The portal's own server, as `npm start` and the Docker image run it (client address from the socket).
    spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts"], { env, stdio: ["ignore", log, log] }),
    // `npm run worker` (the embedded database is worked by the portal itself).
    ...(env.DATABASE_URL
      ? [spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--import", "./scripts/lib/server-only-hook.mjs", "scripts/worker.ts"], { env, stdio: ["ignore", log, log] })]
      : []),
  ];
  try {
    await waitFor(`http://localhost:${port}/api/admin/health`, 60_000, children[2]!);
  } catch (err) {
    console.error(fs.readFileSync(path.join(tmp, "server.log"), "utf8"));
    throw err;
  }

  process.env.E2E_MAILBOX_DIR = mailboxDir;
  // For tests/e2e/support/seed.ts: specs make their own data straight in the run's database.
  if (env.DATABASE_URL) process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  process.env.E2E_SERVER_LOG = path.join(tmp, "server.log");

  return async () => {
    for (const c of [...children, ...sims]) c.kill("SIGTERM");
    await Promise.all([...children, ...sims].map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r)))));
    const after = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    const demoAfter = await readDemoRows(after.db).finally(() => after.close());
    if (env.DATABASE_URL) await dropTestDatabases(dbName);
    if (!process.env.KEEP_E2E_TMP) fs.rmSync(tmp, { recursive: true, force: true });
    // Specs change only data of their own (tests/e2e/support/seed.ts), so they run in any order.
    const changed = demoDifferences(demoBefore, demoAfter);
    if (changed.length) throw new Error(`The end-to-end run changed the demo data (${demoChecksum(demoBefore)} → ${demoChecksum(demoAfter)}); a spec must change only data it made itself:\n${changed.join("\n")}`);
    console.log(`[e2e] demo data unchanged (${demoChecksum(demoAfter)}, ${demoAfter.size} rows)`);
  };
}
