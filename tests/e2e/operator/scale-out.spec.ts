import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import pg from "pg";
import S3rver from "s3rver";
import { listMessages, type CapturedMessage } from "../../../lib/integrations/email/mailbox-store";
import { plannedSimulators, startSimulators } from "../../../scripts/lib/simulators";
import { createTestDatabase, databaseUrl, dropTestDatabases } from "../../setup/test-databases.mjs";
import { SERVED_BY_HEADER, startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy";

/*
 * Scale-out, shown (docs/operations.md, "Running several instances"): two portal servers and two
 * workers, each with its own DATA_DIR, share one PostgreSQL database and one S3 bucket (s3rver)
 * and nothing else, behind a round-robin proxy that they trust for the client address
 * (TRUSTED_PROXY_COUNT=1). Stripe's and Yoti's webhooks reach the proxy, which sends each one to
 * both servers at once. Through it: a card request is paid, then one of its individuals signs in,
 * gives their details and passes the identity check; a sign-in link limit is reached; and every
 * job either server sent is worked once by one of the workers.
 *
 * It reuses the build the end-to-end set-up made (NEXT_DIST_DIR), on ports and a database of its own.
 */

test.describe.configure({ mode: "serial" });

const run = `${Date.now()}_${process.pid}`;
const dbName = `dvp_scaleout_${run}`;
const bucket = "scale-out-evidence";
/** The address the proxy connects to the servers from: anything the servers record as the client's is not this. */
const proxyAddress = "127.0.0.2";
const t = randomBytes(3).toString("hex");

interface Instance {
  name: string;
  child: ChildProcess;
  log: string;
  /** A server's origin, or a worker's health/metrics origin. */
  origin: string;
}

let tmp: string;
let pool: pg.Pool;
let s3: S3rver;
let proxy: RoundRobinProxy;
let mailboxDir: string;
let stripeSimulator: string;
let yotiSimulator: string;
const servers: Instance[] = [];
const workers: Instance[] = [];
const others: ChildProcess[] = [];
/** What every instance is configured with (each adds its own DATA_DIR and port). */
let portalEnv: NodeJS.ProcessEnv;

/** `n` distinct ports free just now (held together while chosen). */
async function freePorts(n: number): Promise<number[]> {
  const held = await Promise.all(
    Array.from({ length: n }, () => new Promise<net.Server>((resolve, reject) => {
      const s = net.createServer();
      s.once("error", reject);
      s.listen(0, () => resolve(s));
    })),
  );
  const ports = held.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

async function waitReady(url: string, child: ChildProcess, log: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with ${child.exitCode}:\n${tail(log)}`);
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) return;
    if (res) last = `${res.status} ${await res.text()}`;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (last: ${last}):\n${tail(log)}`);
}

const tail = (file: string, lines = 40) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "");

function start(name: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; log: string } {
  const log = path.join(tmp, `${name}.log`);
  const fd = fs.openSync(log, "a");
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", ...args], { env, stdio: ["ignore", fd, fd] });
  fs.closeSync(fd);
  return { child, log };
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

/** A caller with a cookie jar, following no redirects, saying it comes from the portal's own pages. */
class Caller {
  readonly cookies = new Map<string, string>();

  async send(url: string, init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.method && init.method !== "GET") headers.set("origin", proxy.url);
    if (init.json !== undefined) headers.set("content-type", headers.get("content-type") ?? "application/json");
    const res = await fetch(url, { method: init.method ?? "GET", headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      if (!value || (expires && Date.parse(expires.slice(8)) <= Date.now())) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

const servedBy = (res: Response) => res.headers.get(SERVED_BY_HEADER);

function mailTo(address: string, subject: RegExp): CapturedMessage[] {
  return listMessages(mailboxDir, 10_000).filter((m) => m.to.some((a) => a.toLowerCase() === address.toLowerCase()) && subject.test(m.subject));
}

async function waitForMail(address: string, subject: RegExp): Promise<CapturedMessage> {
  await expect.poll(() => mailTo(address, subject).length, { timeout: 20_000, message: `an email to ${address} matching ${subject}` }).toBeGreaterThan(0);
  return mailTo(address, subject)[0]!;
}

/** Waits until no job that is due is waiting, retrying or running. */
async function jobsSettled() {
  await expect
    .poll(async () => (await sql<{ n: number }>("select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()"))[0]!.n, {
      timeout: 30_000,
      message: "jobs still due or running",
    })
    .toBe(0);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const began = Date.now();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-scale-out-"));
  mailboxDir = path.join(tmp, "mailbox");
  const [serverA, serverB, workerA, workerB, smtp, ...simPorts] = await freePorts(10);

  // The one object store.
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3rver") });
  const s3Port = ((await s3.run()) as net.AddressInfo).port;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const admin = new S3Client({ region: "eu-west-2", endpoint: `http://127.0.0.1:${s3Port}`, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();

  // The load balancer: in turn, except the providers' webhooks, which reach both servers.
  const origins = [serverA!, serverB!].map((p) => `http://127.0.0.1:${p}`);
  proxy = await startRoundRobinProxy({ upstreams: origins, localAddress: proxyAddress, mirror: (req) => (req.url ?? "").startsWith("/api/webhooks/") });

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["NODE_ENV", "PORT", "DATA_DIR", "WORKER_HTTP_PORT", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "TEST_USER_HEADER_ENABLED", "ADMIN_API_KEY"]) delete env[name];
  Object.assign(env, {
    APP_ENV: "test",
    APP_URL: proxy.url,
    DATABASE_URL: databaseUrl(dbName),
    WORKER_IN_PROCESS: "false",
    TRUSTED_PROXY_COUNT: "1",
    // Configuration every instance must share; the development defaults would do, but a deployment sets its own.
    AUTH_SECRET: randomBytes(32).toString("hex"),
    PERSONAL_CODE_KEY: randomBytes(32).toString("hex"),
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    SMTP_URL: `smtp://127.0.0.1:${smtp}`,
    MAILBOX_DIR: mailboxDir,
    MAILBOX_SMTP_PORT: String(smtp),
    // The simulators' own files (the Yoti key pair the portal signs with, its sessions) live here.
    DATA_DIR: path.join(tmp, "simulators"),
    REQUESTS_PER_ADDRESS: "1000",
    NEXT_TELEMETRY_DISABLED: "1",
    // Each job's own "done" line is at debug (an email batch writes one info line): the last test counts them.
    LOG_LEVEL: "debug",
  });
  // The portal's side of each simulator (its address, keys) is configuration, set now; the
  // simulators, the database and the portal's processes then start side by side.
  const simPort = new Map(["yoti", "stripe", "sage", "captcha", "companies-house"].map((name, i) => [name, simPorts[i]!]));
  const simOptions = { all: true, portOf: (s: { name: string }) => simPort.get(s.name)! };
  for (const { simulator, wanted } of plannedSimulators(env, simOptions)) simulator.configure(env, wanted.port);
  portalEnv = env;
  stripeSimulator = env.STRIPE_API_BASE!;
  yotiSimulator = `http://127.0.0.1:${simPort.get("yoti")}`;

  const simLog = fs.openSync(path.join(tmp, "simulators.log"), "a");
  const simulatorsStarted = startSimulators(env, { ...simOptions, stdio: ["ignore", simLog, simLog] })
    .then((children) => void others.push(...children))
    .finally(() => fs.closeSync(simLog));
  simulatorsStarted.catch(() => undefined); // awaited below, after the database: not unhandled meanwhile
  others.push(start("mailbox", ["scripts/mailbox.ts"], env).child);

  // The one PostgreSQL database, migrated as a deployment's release step does, before any instance starts.
  await createTestDatabase(dbName);
  pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  // pg-pool's end() resolves before its clients' sockets close; the database dropped in afterAll can
  // then end a closing client, which the pool reports as an "error" event: thrown, unless listened to.
  pool.on("error", (error) => {
    if (!pool.ending) throw error;
  });

  // Each instance has a DATA_DIR of its own: nothing on local disk is shared.
  const own = (name: string, extra: Record<string, string>) => ({ ...env, DATA_DIR: path.join(tmp, name), ...extra });
  for (const [name, port] of [["server-a", serverA!], ["server-b", serverB!]] as const) {
    const { child, log } = start(name, ["scripts/serve.ts"], own(name, { PORT: String(port) }));
    servers.push({ name, child, log, origin: `http://127.0.0.1:${port}` });
  }
  for (const [name, port] of [["worker-a", workerA!], ["worker-b", workerB!]] as const) {
    const { child, log } = start(name, ["--import", "./scripts/lib/server-only-hook.mjs", "scripts/worker.ts"], own(name, { WORKER_HTTP_PORT: String(port) }));
    workers.push({ name, child, log, origin: `http://127.0.0.1:${port}` });
  }
  await Promise.all([simulatorsStarted, ...[...servers, ...workers].map((i) => waitReady(`${i.origin}/api/health/ready`, i.child, i.log))]);
  test.info().annotations.push({ type: "start-up", description: `${Date.now() - began} ms to a ready database, bucket, proxy, simulators, two servers and two workers` });
});

test.afterEach(async () => {
  const info = test.info();
  if (info.status === info.expectedStatus) return;
  for (const name of ["server-a", "server-b", "worker-a", "worker-b", "simulators", "mailbox"]) {
    const file = path.join(tmp, `${name}.log`);
    if (fs.existsSync(file)) await info.attach(`${name}.log`, { path: file, contentType: "text/plain" });
  }
  await info.attach("mirrored webhooks", { body: JSON.stringify(proxy?.mirrored ?? [], null, 2), contentType: "application/json" });
});

test.afterAll(async () => {
  const children = [...servers.map((s) => s.child), ...workers.map((w) => w.child), ...others];
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
  await Promise.all(
    children.map((c) =>
      c.exitCode !== null || c.signalCode !== null
        ? undefined
        : Promise.race([new Promise((r) => c.once("exit", r)), new Promise((r) => setTimeout(r, 15_000))]).then(() => {
            if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
          }),
    ),
  );
  await proxy?.close();
  await pool?.end();
  await s3?.close();
  await dropTestDatabases(dbName);
  if (tmp && !process.env.KEEP_E2E_TMP) fs.rmSync(tmp, { recursive: true, force: true });
});

/** The individuals of the card request; the first one goes on to the director journey. */
const individuals = [
  { name: "Sophie Turner", email: `sophie.turner-${t}@scale-out.example` },
  { name: "Thomas Hughes", email: `thomas.hughes-${t}@scale-out.example` },
];
const mainContact = `maya.okafor-${t}@scale-out.example`;

test("[OPERATOR] a card request through two servers: the webhook reaches both, and the payment, receipt and invitations happen once", async () => {
  const caller = new Caller();
  const res = await caller.send(`${proxy.url}/api/requests/identity-verification`, {
    method: "POST",
    json: {
      captchaToken: "test-pass",
      company: { name: `Hartwell Holdings ${t} Ltd`, companyId: "09417262" },
      productTier: "Managed",
      journey: "PayByCard",
      mainContactFirstName: "Maya",
      mainContactLastName: "Okafor",
      mainContactEmail: mainContact,
      mainContactTelephone: "020 7946 0000",
      billingEntityName: `Hartwell Holdings ${t} Ltd`,
      billingAddressLine1: "14 Albemarle Street",
      billingAddressCity: "London",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Ade",
      accountPayableContactLastName: "Payer",
      accountPayableContactEmail: `ap-${t}@scale-out.example`,
      vatExempt: true,
      individuals,
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { next } = (await res.json()) as { next: string };
  expect(next.startsWith(`${stripeSimulator}/pay/cs_`)).toBe(true);
  const sessionId = new URL(next).pathname.split("/").pop()!;

  // Paying at Stripe's page: Stripe sends checkout.session.completed (to the proxy, which hands it
  // to both servers at once) and sends the payer back to the portal's payment page, which applies
  // the payment too if it gets there first. Three callers race for one effect.
  const paid = await fetch(`${stripeSimulator}/pay/${sessionId}`, { method: "POST", body: new URLSearchParams({ card: "4242 4242 4242 4242", email: mainContact }), redirect: "manual" });
  expect(paid.status).toBe(303);
  const page = await caller.send(paid.headers.get("location")!);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Payment successful");

  const completed = () => proxy.mirrored.filter((m) => m.path === "/api/webhooks/stripe" && m.body.includes(sessionId) && m.body.includes('"checkout.session.completed"'));
  await expect.poll(() => completed().length, { timeout: 20_000 }).toBeGreaterThan(0);
  const eventId = (JSON.parse(completed()[0]!.body) as { id: string }).id;
  const answers = completed().flatMap((m) => m.answers);
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  // Of every delivery to every server, one handled the event; the rest found it done.
  const outcomes = answers.map((a) => (JSON.parse(a.body) as { outcome: string }).outcome);
  expect(outcomes.filter((o) => o === "handled")).toHaveLength(1);
  expect(outcomes.filter((o) => o !== "handled")).toEqual(outcomes.slice(1).map(() => "duplicate"));

  const [client] = await sql<{ id: number; paid: boolean; status: string }>("select id, paid, status from clients where payment_session_id = $1", [sessionId]);
  expect(client?.paid).toBe(true);
  expect(client?.status).not.toBe("PaymentPending");
  const clientId = client!.id;
  expect(await sql("select 1 from processed_webhook_events where provider = 'stripe' and event_id = $1", [eventId])).toHaveLength(1);
  expect(await sql("select 1 from audit_entries where client_id = $1 and audit_type = 'ClientPaymentSuccessful'", [clientId])).toHaveLength(1);

  for (const person of individuals) await waitForMail(person.email, /^Please verify your identity for /);
  await waitForMail(mainContact, /^Receipt for your card payment/);
  await jobsSettled();
  for (const person of individuals) expect(mailTo(person.email, /^Please verify your identity for /)).toHaveLength(1);
  expect(mailTo(mainContact, /^Receipt for your card payment/)).toHaveLength(1);
});

test("[OPERATOR] an invited individual's session works on both servers; the identity check result reaches both and applies once", async () => {
  const sophie = individuals[0]!;
  const invitation = mailTo(sophie.email, /^Please verify your identity for /)[0]!;
  const prefill = new URL(invitation.text.match(/https?:\/\/\S+\/login\?\S+/)![0]);
  const reference = prefill.searchParams.get("reference")!;
  expect(prefill.searchParams.get("email")).toBe(sophie.email);

  const caller = new Caller();
  const asked = await caller.send(`${proxy.url}/api/send-link`, { method: "POST", json: { email: sophie.email, reference, captchaToken: "test-pass" } });
  expect(asked.status).toBe(200);
  const link = (await waitForMail(sophie.email, /sign-in link/i)).text.match(/https?:\/\/\S+\/api\/enter\/[A-Za-z0-9_-]{43}/)![0];
  const opened = await caller.send(link);
  expect(opened.status).toBe(303);
  const signedIn = await caller.send(link, { method: "POST" });
  expect(signedIn.status).toBe(303);
  expect(caller.cookies.get("dvp_session")).toBeTruthy();

  // The session is the database's: every server knows it, through the proxy and directly.
  const me = "/api/director-verification/director";
  const answeredBy = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const r = await caller.send(`${proxy.url}${me}`);
    expect(r.status).toBe(200);
    answeredBy.add(servedBy(r)!);
  }
  expect([...answeredBy].sort()).toEqual(["0", "1"]);
  for (const server of servers) expect((await caller.send(`${server.origin}${me}`)).status).toBe(200);

  // Details saved through one server are what the other answers.
  const since = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  const replace = (p: string, value: unknown) => ({ op: "replace", path: `/${p}`, value });
  const saved = await caller.send(`${servers[0]!.origin}${me}`, {
    method: "PATCH",
    headers: { "content-type": "application/json-patch+json" },
    json: [replace("firstName", "Sophie"), replace("lastName", "Turner"), replace("addressLine1", "3 Quay Street"), replace("city", "Bristol"), replace("postcode", "BS1 4DB"), replace("country", "GB"), replace("currentAddressStartDate", since)],
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const seen = (await (await caller.send(`${servers[1]!.origin}${me}`)).json()) as { addressLine1: string; detailsComplete: boolean; status: string };
  expect(seen).toMatchObject({ addressLine1: "3 Quay Street", detailsComplete: true, status: "AwaitingIDInfo" });

  // A file uploaded through one server is downloaded through the other: the bucket is shared.
  const pdf = Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF ${t}\n`);
  const form = new FormData();
  form.set("file", new Blob([pdf], { type: "application/pdf" }), "proof-of-address.pdf");
  const uploaded = await caller.send(`${servers[0]!.origin}${me}/file?fileType=Address`, { method: "POST", body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { id: fileId } = (await uploaded.json()) as { id: number };
  const downloaded = await caller.send(`${servers[1]!.origin}${me}/file/${fileId}`);
  expect(downloaded.status).toBe(200);
  expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);

  // The identity check: started through the proxy, approved at the provider, whose notifications
  // the proxy hands to both servers at once.
  const started = await caller.send(`${proxy.url}/api/director-verification/director-verification/start-yoti`, { method: "POST" });
  expect(started.status, await started.clone().text()).toBe(200);
  await started.body?.cancel();
  const [{ session_id: yotiSession } = { session_id: "" }] = await sql<{ session_id: string }>("select session_id from directors where email = $1", [sophie.email]);
  expect(yotiSession).toBeTruthy();
  const approved = await fetch(`${yotiSimulator}/_simulator/sessions/${yotiSession}/outcome`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ outcome: "approve" }) });
  expect(approved.status).toBe(200);
  await expect
    .poll(async () => {
      const { deliveries } = (await (await fetch(`${yotiSimulator}/_simulator/sessions/${yotiSession}`)).json()) as { deliveries: { delivered: boolean }[] };
      return deliveries.length > 0 && deliveries.every((d) => d.delivered);
    }, { timeout: 20_000 })
    .toBe(true);
  const notified = proxy.mirrored.filter((m) => m.path === "/api/webhooks/yoti" && m.body.includes(yotiSession));
  expect(notified.length).toBeGreaterThan(0);
  const applied = notified.flatMap((m) => m.answers).map((a) => {
    expect(a.status).toBe(200);
    return (JSON.parse(a.body) as { applied: boolean }).applied;
  });
  expect(applied.filter(Boolean)).toHaveLength(1);

  // The page's poll, through either server, finds nothing left to do.
  const polled = await caller.send(`${proxy.url}/api/director-verification/director-verification/check-yoti`);
  expect(await polled.json()).toMatchObject({ status: "AwaitingAuthCode" });
  const [director] = await sql<{ id: number; status: string }>("select id, status from directors where email = $1", [sophie.email]);
  expect(director!.status).toBe("AwaitingAuthCode");
  expect(await sql("select 1 from audit_entries where director_id = $1 and audit_type = 'YotiCompleted'", [director!.id])).toHaveLength(1);
  await waitForMail(sophie.email, /^Your identity has been verified/);
  await jobsSettled();
  expect(mailTo(sophie.email, /^Your identity has been verified/)).toHaveLength(1);

  // Signing out through one server ends the session on the other too.
  const cookie = caller.cookies.get("dvp_session")!;
  expect((await caller.send(`${servers[1]!.origin}/api/logout`, { method: "POST" })).status).toBe(200);
  expect(caller.cookies.has("dvp_session")).toBe(false);
  const kept = new Caller();
  kept.cookies.set("dvp_session", cookie);
  expect((await kept.send(`${servers[0]!.origin}${me}`)).status).toBe(401);
});

test("[OPERATOR] the sign-in link limit is one count across both servers, for the client's address behind the proxy", async () => {
  const caller = new Caller();
  const stranger = { email: `nobody-${t}@scale-out.example`, reference: "SCALE9XQ", captchaToken: "test-pass" };
  const answers: { status: number; server: string | null }[] = [];
  // Five a quarter of an hour per email and reference (lib/server/sign-in/request-sign-in-link.ts).
  for (let i = 0; i < 6; i++) {
    const r = await caller.send(`${proxy.url}/api/send-link`, { method: "POST", json: stranger });
    answers.push({ status: r.status, server: servedBy(r) });
  }
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
  expect(new Set(answers.map((a) => a.server))).toEqual(new Set(["0", "1"]));
  // Recorded against the client's own address, which only the proxy's X-Forwarded-For told the servers.
  const events = await sql<{ event: string; ip: string }>("select event, ip from security_events where actor = $1 order by id", [stranger.email]);
  expect(events.map((e) => e.event)).toEqual(["LinkRequested", "LinkRequested", "LinkRequested", "LinkRequested", "LinkRequested", "RateLimited"]);
  expect(new Set(events.map((e) => e.ip))).toEqual(new Set(["127.0.0.1"]));
});

test("[OPERATOR] every job either server sent was worked once, by one of the two workers; none failed or is left; the audit chain holds", async () => {
  await jobsSettled();
  const jobs = await sql<{ id: string; name: string; state: string }>("select id::text, name, state from pgboss.job where not (state = 'created' and start_after > now())");
  expect(jobs.filter((j) => j.state !== "completed")).toEqual([]);
  expect(jobs.filter((j) => j.name === "jobs.failed")).toEqual([]);

  // Each worker logs a line per job it finished (lib/jobs/queue.ts runJob): every completed job
  // appears once in the two logs together.
  const doneBy = new Map<string, string[]>();
  for (const worker of workers) {
    for (const line of fs.readFileSync(worker.log, "utf8").split("\n")) {
      if (!line.startsWith("{")) continue;
      const entry = JSON.parse(line) as { msg?: string; jobId?: string };
      const id = /^\[jobs\] \S+ (\S+) done$/.exec(entry.msg ?? "")?.[1];
      if (id) doneBy.set(id, [...(doneBy.get(id) ?? []), worker.name]);
    }
  }
  const twice = [...doneBy].filter(([, by]) => by.length > 1);
  expect(twice).toEqual([]);
  expect(jobs.map((j) => j.id).filter((id) => !doneBy.has(id))).toEqual([]);
  const perWorker = workers.map((w) => `${w.name}: ${[...doneBy.values()].filter((by) => by[0] === w.name).length}`);
  test.info().annotations.push({ type: "jobs", description: `${jobs.length} jobs (${perWorker.join(", ")})` });
  expect(jobs.length).toBeGreaterThan(5);

  // Two servers and two workers wrote the audit trail at once: its hash chain is still one chain.
  const verify = start("audit-verify", ["--import", "./scripts/lib/server-only-hook.mjs", "scripts/audit-verify.ts"], portalEnv);
  const code = await new Promise<number | null>((resolve) => verify.child.once("exit", resolve));
  expect({ code, output: tail(verify.log) }).toMatchObject({ code: 0, output: expect.stringMatching(/The audit trail is intact/) });
});
