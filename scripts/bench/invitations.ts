/*
 * The invitations benchmark (part of `npm run bench`; `--only invitations` alone): a request of N
 * individuals (5,000 by default) through the real request route, and the time until every one of
 * their invitations has reached a capture SMTP server, as a company's request does it in production:
 *
 * - the SMTP server is scripts/mailbox.ts, started as its own process (as `npm run mailbox`) on a
 *   free port, storing each message it accepts as a file; the portal sends to it over SMTP_URL with
 *   its real SMTP adapter (pooled connections, SMTP_MAX_CONNECTIONS);
 * - the request is POST /api/requests/identity-verification (pay by invoice, invitations not held),
 *   whose transaction stores the client, the individuals and one invitation job each; the bot check
 *   and the invoice go to the reCAPTCHA and Sage simulators, in this process;
 * - the jobs are worked by this process's own worker (the portal's in-process worker: pg-boss woken
 *   by NOTIFY, WORKER_BATCH_SIZE jobs fetched at once, WORKER_CONCURRENCY of them in flight).
 *
 * Timed from the request to the last invitation stored by the mailbox, on PostgreSQL (the bench
 * database) and on the embedded database (a fresh PGlite under a temporary DATA_DIR). Then every
 * message is read back: each individual must have exactly one invitation. Bars: under 60 s on
 * PostgreSQL, under 5 minutes embedded, at 5,000. Measured, not asserted in a test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { print } from "../lib/terminal";
import { startCaptcha, startSage } from "./in-process-simulators";
import { benchRequestBody, loadRequestRoute } from "./request-route";
import { loadText } from "./summary";

export const INVITATIONS_BAR_MS = { postgres: 60_000, embedded: 300_000 } as const;
export type BenchDatabase = keyof typeof INVITATIONS_BAR_MS;

export interface InvitationsResult {
  database: BenchDatabase;
  individuals: number;
  /** The request route's answer (the transaction that stores everything and queues the jobs). */
  requestMs: number;
  /** From the request to the first invitation captured. */
  firstMs: number;
  /** From the request to the last one. */
  allMs: number;
  /** CPU seconds from the request to the last invitation: the portal's process (request, worker, SMTP client) and the mailbox's. */
  portalCpuSeconds: number;
  mailboxCpuSeconds: number;
  /** PostgreSQL's server processes serving this database, when on this machine (NaN otherwise, and embedded). */
  databaseCpuSeconds: number;
  /** Individuals with exactly one invitation, with none, with more than one. */
  deliveredOnce: number;
  missing: number;
  duplicated: number;
  settings: Record<string, string>;
  /** Whether it met its bar; undefined under 5,000 individuals, where the bar is not set. */
  pass?: boolean;
}

/** The bars are set at a request of this many individuals. */
export const INVITATIONS_BAR_AT = 5000;

/** The worker and SMTP settings the run used (their defaults when unset). */
const SETTINGS = ["WORKER_BATCH_SIZE", "WORKER_CONCURRENCY", "SMTP_MAX_CONNECTIONS", "DATABASE_POOL_MAX"] as const;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** scripts/mailbox.ts as its own process; resolves once it listens. */
async function startMailbox(dir: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  // One process (tsx as an import, not its CLI's wrapper process), so that its CPU time can be read.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/mailbox.ts"], {
    env: { ...process.env, MAILBOX_SMTP_PORT: String(port), MAILBOX_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("SMTP capture on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the capture mailbox exited (${code}) before listening: ${out}`)));
  });
  return { port, child };
}

/** CPU seconds (user + system) a process of this machine has used so far, from /proc; NaN elsewhere. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const stored = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).length : 0);

function requestBody(individuals: { name: string; email: string }[], tag: string) {
  return benchRequestBody({
    company: { name: `Bench Invitations ${tag} Ltd`, companyId: "09999998" },
    mainContactEmail: `bench.contact.${tag}@bench.example`,
    billingEntityName: "Bench Invitations Ltd",
    accountPayableContactEmail: `ap.${tag}@bench.example`,
    individuals,
  });
}

/**
 * Runs the benchmark on one database: `postgres` on process.env.DATABASE_URL (the bench database),
 * `embedded` on a fresh PGlite in a temporary directory. Leaves process.env and the process's
 * database as it found them (closed).
 */
export async function benchInvitations({
  individuals: n,
  database,
  poolMax,
  log = print,
}: {
  individuals: number;
  database: BenchDatabase;
  /** DATABASE_POOL_MAX for this run; unset = the portal's default. */
  poolMax?: string;
  log?: (line: string) => void;
}): Promise<InvitationsResult> {
  const saved = { ...process.env };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `dvp-bench-invitations-${database}-`));
  const mailDir = path.join(tmp, "mailbox");
  const { closeDb } = await import("@/db");
  const { resetEnvCache } = await import("@/lib/env");
  const { startJobQueue, stopJobQueue } = await import("@/lib/jobs/queue");
  const postRequest = await loadRequestRoute();
  const { listMessages } = await import("@/lib/integrations/email/mailbox-store");

  // The database this run is on: the process's, reopened under this configuration.
  await stopJobQueue();
  await closeDb();
  const mailbox = await startMailbox(mailDir);
  const captcha = await startCaptcha();
  process.env.SMTP_URL = `smtp://127.0.0.1:${mailbox.port}`;
  process.env.HOLD_REQUEST_INVITATIONS = "false";
  process.env.WORKER_IN_PROCESS = "true";
  if (poolMax) process.env.DATABASE_POOL_MAX = poolMax;
  else delete process.env.DATABASE_POOL_MAX;
  if (database === "embedded") {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = path.join(tmp, "data");
  }
  // After the database settings: the Sage simulator's configuration depends on them.
  const sage = await startSage();
  resetEnvCache();
  const settings = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k] ?? "default"]));

  try {
    const t = performance.now();
    // The portal's worker, as the server starts it (instrumentation.ts): pg-boss installed or upgraded first.
    await startJobQueue({ work: true, name: `bench-${database}` });
    log(`  ${database}: database and worker ready in ${((performance.now() - t) / 1000).toFixed(1)} s; mailbox on port ${mailbox.port}`);

    const tag = `${Date.now()}`;
    const people = Array.from({ length: n }, (_, i) => ({ name: `Bench Invitee ${i}`, email: `invitee.${i}.${tag}@bench.example` }));
    const body = requestBody(people, tag);
    // PostgreSQL's processes for this database, when it runs on this machine: their CPU time too.
    const { getDb } = await import("@/db");
    const { rowsOf } = await import("@/db/client");
    const { sql } = await import("drizzle-orm");
    const backends = async () =>
      database === "postgres"
        ? rowsOf<{ pid: number }>(await (await getDb()).execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => Number(r.pid))
        : [];
    const backendCpu = new Map((await backends()).map((pid) => [pid, cpuSecondsOf(pid)]));
    fs.mkdirSync(mailDir, { recursive: true });
    const before = stored(mailDir);
    const cpu0 = process.cpuUsage();
    const mailboxCpu0 = cpuSecondsOf(mailbox.child.pid);
    const t0 = performance.now();
    await postRequest(body, "203.0.113.10");
    const requestMs = performance.now() - t0;

    // The request's own confirmation email to the contact arrives too: N + 1 messages in all.
    // Counted as the mailbox renames each finished message into place (inotify), not by listing the
    // folder over and over, which would cost this process more CPU than the jobs it measures;
    // listed once a second in case an event is missed.
    const want = before + n + 1;
    const seen = new Set<string>(fs.readdirSync(mailDir).filter((f) => f.endsWith(".json")));
    const watcher = fs.watch(mailDir, (_event, file) => {
      if (file?.endsWith(".json")) seen.add(file);
    });
    const deadline = t0 + 2 * INVITATIONS_BAR_MS[database];
    let firstMs = Number.NaN;
    let lastReport = t0;
    let listedAt = t0;
    for (;;) {
      let now = performance.now();
      if (now - listedAt > 1000) {
        for (const f of fs.readdirSync(mailDir)) if (f.endsWith(".json")) seen.add(f);
        listedAt = now;
      }
      const count = seen.size;
      now = performance.now();
      if (Number.isNaN(firstMs) && count > before) firstMs = now - t0;
      if (count >= want) break;
      if (now > deadline) {
        log(`    gave up: only ${count - before} of ${n + 1} messages captured after ${((now - t0) / 1000).toFixed(0)} s`);
        break;
      }
      if (now - lastReport > 10_000) {
        log(`    ${count - before} of ${n + 1} captured after ${((now - t0) / 1000).toFixed(0)} s`);
        lastReport = now;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const captured = seen.size - before;
    const allMs = captured >= n + 1 ? performance.now() - t0 : Number.NaN;
    watcher.close();
    const cpu = process.cpuUsage(cpu0);
    const portalCpuSeconds = (cpu.user + cpu.system) / 1e6;
    const mailboxCpuSeconds = cpuSecondsOf(mailbox.child.pid) - mailboxCpu0;
    let databaseCpuSeconds = database === "postgres" ? 0 : Number.NaN;
    for (const pid of await backends()) databaseCpuSeconds += cpuSecondsOf(pid) - (backendCpu.get(pid) ?? 0);

    // Read back: one invitation each, nobody twice.
    const perRecipient = new Map<string, number>();
    for (const m of listMessages(mailDir, Number.MAX_SAFE_INTEGER)) for (const to of m.to) perRecipient.set(to.toLowerCase(), (perRecipient.get(to.toLowerCase()) ?? 0) + 1);
    let deliveredOnce = 0;
    let missing = 0;
    let duplicated = 0;
    for (const p of people) {
      const c = perRecipient.get(p.email.toLowerCase()) ?? 0;
      if (c === 1) deliveredOnce += 1;
      else if (c === 0) missing += 1;
      else duplicated += 1;
    }
    return { database, individuals: n, requestMs, firstMs, allMs, portalCpuSeconds, mailboxCpuSeconds, databaseCpuSeconds, deliveredOnce, missing, duplicated, settings, pass: n >= INVITATIONS_BAR_AT ? allMs < INVITATIONS_BAR_MS[database] && deliveredOnce === n : undefined };
  } finally {
    await stopJobQueue();
    await closeDb();
    await captcha.close();
    await sage.close();
    mailbox.child.kill("SIGTERM");
    await new Promise((r) => (mailbox.child.exitCode !== null ? r(null) : mailbox.child.once("exit", r)));
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
    resetEnvCache();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function reportInvitations(results: InvitationsResult[]): void {
  print(`\nInvitations: a request's individuals invited, from the request to every invitation in the capture SMTP server\n`);
  for (const r of results) {
    const bar = INVITATIONS_BAR_MS[r.database];
    const perSecond = r.individuals / (r.allMs / 1000);
    print(
      `  ${r.database.padEnd(9)} ${r.individuals.toLocaleString("en-GB")} invitations: request ${(r.requestMs / 1000).toFixed(1)} s, first ${(r.firstMs / 1000).toFixed(1)} s, ` +
        (Number.isNaN(r.allMs) ? `not all within ${(2 * bar) / 1000} s (given up) → ` : `all ${(r.allMs / 1000).toFixed(1)} s (${perSecond.toFixed(0)} a second) = ${(r.allMs / bar).toFixed(2)} of the ${bar / 1000} s bar → `) +
        (r.pass === undefined ? `not judged (the bar is for ${INVITATIONS_BAR_AT.toLocaleString("en-GB")})` : r.pass ? "PASS" : "FAIL"),
    );
    print(
      `            CPU: portal process ${r.portalCpuSeconds.toFixed(1)} s (${((r.portalCpuSeconds * 1000) / r.individuals).toFixed(2)} ms an invitation), mailbox ${r.mailboxCpuSeconds.toFixed(1)} s` +
        (Number.isNaN(r.databaseCpuSeconds) ? "" : `, PostgreSQL ${r.databaseCpuSeconds.toFixed(1)} s (its processes for this database still open at the end)`),
    );
    print(`            delivered once ${r.deliveredOnce}, missing ${r.missing}, more than once ${r.duplicated}; ${Object.entries(r.settings).map(([k, v]) => `${k}=${v}`).join(", ")}`);
  }
  print(`  Load average ${loadText()}; Node ${process.version}.`);
}
