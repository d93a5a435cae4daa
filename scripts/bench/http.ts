/*
 * The HTTP half of `npm run bench -- --http`: the portal's own server (scripts/serve.ts, a production
 * build) under autocannon, as a browser or an API client meets it. scripts/serve.ts is Next.js's
 * custom-server API (`next({ httpServer }).getRequestHandler()`) around the same production build
 * `next start` serves; all it adds is the client-address header (lib/client-address.ts), which only
 * it can write, so it is what production runs. The trivial route is also measured under a plain
 * `next start` of the same build, to show what the custom server costs.
 *
 * Routes, each at concurrency 10 and 50, in the same run:
 * - search: POST /api/admin/director-verification/clients/search (api-key), the shapes given;
 * - page: admin pages rendered on the server (the client list, the detail of the client with the
 *   most directors), with an admin session's cookie: the whole HTML, as a browser's first request;
 * - select 1: GET /api/admin/health?probe=live (public, one `select 1` through the app's pool);
 * - trivial: GET /api/home without a cookie (no database);
 * - trivial (next start): the same route under `next start` on the same build;
 * - static: GET /logo.svg (a public file: Next.js serves it without the proxy or a route handler);
 * - bare node: a `node:http` server in a child process answering "ok" (the floor of HTTP + autocannon).
 * For each: req/s, p50 / p95 / p99 (from every response's own time), errors (of which timeouts:
 * autocannon gives up on a request after 10 s) and non-2xx answers, the server's CPU time per request
 * (its process tree's user + system time over the run ÷ requests answered), and its resident memory
 * (the process tree's RSS: peak during the run, and after it). After each run the server is given
 * time to finish what it still has in hand (autocannon drops the requests in flight when it stops),
 * so one saturated route does not slow the next row; how long that took is reported too. A route
 * that answers fewer requests than it has connections in a run, or keeps the server busy for longer
 * than the run, is saturated: neither shows in the percentiles (only answered requests have a
 * time), so the report warns of it. Then the ratios search ÷ select 1 and search ÷ trivial from the
 * same run.
 *
 * The static, bare-node and `next start` rows, with an in-process timing of the proxy function
 * itself, say where the time of a trivial route goes (docs/speed.md, "A trivial route over HTTP").
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfNeeded } from "../lib/build-if-needed";
import { fmt, percentile } from "./stats";
import { print } from "../lib/terminal";
import { printTable } from "./table";

export interface HttpTarget {
  id: string;
  title: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  /** Bodies in turn (a search varies its term). */
  bodies?: string[];
}

export interface HttpRow {
  id: string;
  title: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Requests that failed, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Requests sent but neither answered nor failed when the run ended (at most one per connection). */
  inFlight: number;
  /** Seconds the server stayed busy after the run (finishing requests the load generator gave up on). */
  busyAfterS: number;
  durationS: number;
  /** The machine's 1-minute load average when the run ended: other work on the 2 cores shows here. */
  load: number;
  /** The server's CPU time (user + system, whole process tree) over the run ÷ requests answered. */
  cpuMsPerRequest: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

export interface HttpOptions {
  databaseUrl: string;
  apiKey: string;
  /** Build directory (NEXT_DIST_DIR); built first when missing or older than the sources. */
  distDir: string;
  build: boolean;
  port: number;
  durationSeconds: number;
  connections: number[];
  searches: { id: string; title: string; bodies: unknown[] }[];
  /** Admin pages rendered on the server, fetched with an admin session's cookie (`dvp_session=...`). */
  pages?: { id: string; title: string; path: string }[];
  cookie?: string;
}

export async function freePort(preferred: number): Promise<number> {
  return await new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => {
      const any = net.createServer();
      any.listen(0, () => {
        const port = (any.address() as net.AddressInfo).port;
        any.close(() => resolve(port));
      });
    });
    server.listen(preferred, () => server.close(() => resolve(preferred)));
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering ${url}`);
    try {
      const res = await fetch(url);
      await res.text();
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

/** A process and its descendants (Linux /proc; just the process elsewhere). */
function processTree(pid: number): number[] {
  const seen = new Set<number>();
  const visit = (p: number) => {
    if (seen.has(p)) return;
    seen.add(p);
    try {
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
      }
    } catch {
      /* gone, or not Linux */
    }
  };
  visit(pid);
  return [...seen];
}

/** Resident memory in MB of a process and its descendants (Linux /proc; 0 elsewhere). */
function treeRssMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      /* gone, or not Linux */
    }
  }
  return kb / 1024;
}

/** CPU time in ms (user + system) a process and its descendants have used so far (Linux /proc; NaN elsewhere). */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      // After "pid (comm) ": state is field 3, utime and stime fields 14 and 15, in clock ticks (100 a second on Linux).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      if (p === pid) return Number.NaN;
    }
  }
  return ticks * 10;
}

export async function load(base: string, target: HttpTarget, connections: number, durationSeconds: number, serverPid: number): Promise<HttpRow> {
  const times: number[] = [];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(serverPid))), 200);
  const cpuBefore = treeCpuMs(serverPid);
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + target.path,
        method: target.method,
        headers: target.headers,
        connections,
        duration: durationSeconds,
        requests: target.bodies?.length
          ? [
              {
                setupRequest: (req) => ({ ...req, body: target.bodies![next++ % target.bodies!.length] }),
              },
            ]
          : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  clearInterval(sampler);
  const cpuMs = treeCpuMs(serverPid) - cpuBefore;
  const rssAfterMb = treeRssMb(serverPid);
  const busyAfterS = await settle(serverPid);
  return {
    id: target.id,
    title: target.title,
    connections,
    rps: result.requests.total / (result.duration || durationSeconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: result.requests.total,
    errors: result.errors, // autocannon counts timeouts among the errors
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    inFlight: Math.max(0, result.requests.sent - result.requests.total - result.errors),
    busyAfterS,
    durationS: durationSeconds,
    load: os.loadavg()[0]!,
    cpuMsPerRequest: cpuMs / result.requests.total,
    rssPeakMb: Math.max(peak, rssAfterMb),
    rssAfterMb,
  };
}

/**
 * Waits until the server is idle (under 10% of a core over half a second), at most two minutes:
 * requests in hand when the load generator stopped are still being worked on. Returns the seconds waited.
 */
async function settle(pid: number): Promise<number> {
  const started = performance.now();
  let cpu = treeCpuMs(pid);
  while (performance.now() - started < 120_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = treeCpuMs(pid);
    if (!(now - cpu > 50)) break; // NaN (not Linux) ends the wait too
    cpu = now;
  }
  return (performance.now() - started) / 1000 - 0.5;
}

/** What went wrong in a run: failed requests, and the signs of a saturated route. */
const failures = (row: HttpRow) =>
  [
    row.errors ? `${row.errors} errors (${row.timeouts} timeouts)` : "",
    row.non2xx ? `${row.non2xx} non-2xx` : "",
    row.requests < row.connections ? `only ${row.requests} answered, ${row.inFlight} still in flight at the end` : "",
    row.busyAfterS > row.durationS ? `server busy ${fmt(row.busyAfterS)} s after the ${row.durationS} s run` : "",
  ]
    .filter(Boolean)
    .join(", ");

function progress(row: HttpRow): HttpRow {
  const failed = failures(row) ? `  ${failures(row)}` : "";
  print(
    `  c=${String(row.connections).padEnd(3)} ${row.id.padEnd(34)} ${fmt(row.rps, 0).padStart(6)} req/s  p50 ${fmt(row.p50).padStart(6)}  p95 ${fmt(row.p95).padStart(6)}  p99 ${fmt(row.p99).padStart(6)} ms  CPU ${fmt(row.cpuMsPerRequest, 2)} ms/req${failed}`,
  );
  return row;
}

const BARE_NODE = `require("node:http").createServer((q, s) => { s.writeHead(200, { "content-type": "text/plain" }); s.end("ok"); }).listen(Number(process.env.PORT), () => console.log("ready"));`;

/** The portal's server on a production build: its base URL, its process id, and how to stop it. */
export interface PortalServer {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Builds `distDir` when needed (`build`), then starts scripts/serve.ts on it (or, with
 * `server: "next start"`, a plain `next start` of the same build) and waits until it answers.
 */
export async function startPortal(
  o: Pick<HttpOptions, "databaseUrl" | "apiKey" | "distDir" | "build" | "port"> & {
    server?: "serve.ts" | "next start";
    /** More configuration for the server (e.g. the simulators' addresses), over this process's. */
    env?: NodeJS.ProcessEnv;
  },
): Promise<PortalServer> {
  const nextStart = o.server === "next start";
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...o.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: o.distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: o.databaseUrl,
    ADMIN_API_KEY: o.apiKey,
    TEST_USER_HEADER_ENABLED: "false",
    WORKER_IN_PROCESS: "false",
  };
  if (o.build) {
    const t0 = performance.now();
    buildIfNeeded(env);
    print(`Build (${o.distDir}): ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  }
  const port = await freePort(o.port);
  env.PORT = String(port);
  env.APP_URL = `http://localhost:${port}`;
  const base = `http://127.0.0.1:${port}`;
  const log = path.join(o.distDir, nextStart ? "bench-next-start.log" : "bench-server.log");
  fs.mkdirSync(o.distDir, { recursive: true });
  const out = fs.openSync(log, "w");
  // As the Dockerfile runs it; `next start` as package.json's `next` binary would.
  const command = nextStart ? ["node_modules/next/dist/bin/next", "start", "--port", String(port)] : ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts"];
  const server = spawn(process.execPath, command, { env, stdio: ["ignore", out, out], detached: false });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill("SIGKILL");
  };
  try {
    await waitFor(`${base}/api/admin/health?probe=live`, server);
  } catch (err) {
    await stop();
    throw err;
  }
  print(
    nextStart
      ? `Server: next start on port ${port} (the same production build ${o.distDir}; log ${log}).`
      : `Server: scripts/serve.ts on port ${port}: Next.js's custom-server API around the production build ${o.distDir}, the build \`next start\` serves, plus the client-address header (log ${log}).`,
  );
  return { base, pid: server.pid!, stop };
}

export async function benchHttp(o: HttpOptions): Promise<HttpRow[]> {
  const { base, pid: serverPid, stop } = await startPortal(o);
  let nextStart: PortalServer | undefined;
  const barePort = await freePort(o.port + 1);
  const bare = spawn(process.execPath, ["-e", BARE_NODE], { env: { ...process.env, PORT: String(barePort) }, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    nextStart = await startPortal({ ...o, build: false, port: o.port + 2, server: "next start" });
    const targets: HttpTarget[] = [
      ...o.searches.map((s) => ({
        id: `search ${s.id}`,
        title: s.title,
        method: "POST" as const,
        path: "/api/admin/director-verification/clients/search",
        headers: { "content-type": "application/json", "api-key": o.apiKey },
        bodies: s.bodies.map((b) => JSON.stringify(b)),
      })),
      ...(o.pages ?? []).map((p) => ({ id: `page ${p.id}`, title: p.title, method: "GET" as const, path: p.path, headers: { cookie: o.cookie ?? "" } })),
      { id: "select 1", title: "GET /api/admin/health?probe=live", method: "GET", path: "/api/admin/health?probe=live" },
      { id: "trivial", title: "GET /api/home (no cookie, no database)", method: "GET", path: "/api/home" },
      { id: "static", title: "GET /logo.svg (no proxy, no handler)", method: "GET", path: "/logo.svg" },
    ];
    const rows: HttpRow[] = [];
    for (const connections of o.connections) {
      for (const target of targets) {
        // A short warm-up per route (compiles, pools fill), not counted.
        await load(base, target, connections, Math.min(2, o.durationSeconds), serverPid);
        rows.push(progress(await load(base, target, connections, o.durationSeconds, serverPid)));
      }
      const plain: HttpTarget = { id: "trivial (next start)", title: "GET /api/home under next start", method: "GET", path: "/api/home" };
      // A fresh process: as much warm-up as the portal's server had (its earlier rows ran the same code).
      await load(nextStart.base, plain, connections, o.durationSeconds, nextStart.pid);
      rows.push(progress(await load(nextStart.base, plain, connections, o.durationSeconds, nextStart.pid)));
      const bareTarget: HttpTarget = { id: "bare node:http", title: "a bare node:http server answering ok", method: "GET", path: "/" };
      await load(`http://127.0.0.1:${barePort}`, bareTarget, connections, Math.min(2, o.durationSeconds), bare.pid!);
      rows.push(progress(await load(`http://127.0.0.1:${barePort}`, bareTarget, connections, o.durationSeconds, bare.pid!)));
    }
    return rows;
  } finally {
    bare.kill("SIGTERM");
    await nextStart?.stop();
    await stop();
  }
}

export function reportHttp(rows: HttpRow[], proxyMs?: ProxyTimes) {
  const head = ["route", "conns", "req/s", "p50", "p95", "p99", "requests", "errors", "timeouts", "non-2xx", "busy after s", "CPU ms/req", "RSS peak MB", "RSS after MB", "load", "÷select 1", "÷trivial"];
  const lines = rows.map((r) => {
    const same = (id: string) => rows.find((x) => x.id === id && x.connections === r.connections);
    const search = r.id.startsWith("search ");
    return [
      r.id,
      String(r.connections),
      fmt(r.rps, 0),
      fmt(r.p50),
      fmt(r.p95),
      fmt(r.p99),
      String(r.requests),
      String(r.errors),
      String(r.timeouts),
      String(r.non2xx),
      fmt(r.busyAfterS),
      fmt(r.cpuMsPerRequest, 2),
      fmt(r.rssPeakMb, 0),
      fmt(r.rssAfterMb, 0),
      fmt(r.load, 2),
      search ? fmt(r.rps / (same("select 1")?.rps ?? Number.NaN), 3) : "",
      search ? fmt(r.rps / (same("trivial")?.rps ?? Number.NaN), 3) : "",
    ];
  });
  print(`
HTTP: scripts/serve.ts (Next.js's custom-server API around the production build \`next start\` serves, plus the
client-address header), except the rows marked "next start" (that build under a plain \`next start\`) and
"bare node:http". Times in ms, each answered response's own; errors include timeouts (no answer within
10 s), which have no time in the percentiles; "busy after": seconds the server kept working on requests in
flight when the run ended, waited out before the next row. CPU is the server's process tree's user + system
time per request answered; memory its RSS; load: the machine's 1-minute load average at the end of the run
(${os.cpus().length} CPUs: well above that, other work shared the machine). ÷select 1 and ÷trivial: the search's req/s
over theirs at the same concurrency.
`);
  printTable(head, lines);
  const c10 = (id: string) => rows.find((x) => x.id === id && x.connections === 10);
  const [home, plain, stat, bare] = [c10("trivial"), c10("trivial (next start)"), c10("static"), c10("bare node:http")];
  if (home && stat && bare) {
    const each = (r: HttpRow) => `${fmt(r.cpuMsPerRequest, 2)} ms CPU, p50 ${fmt(r.p50, 2)} ms`;
    print(`
Where a trivial route's time goes, at 10 connections (server CPU per request, and p50 with the load generator
on the same cores): bare node:http ${each(bare)}; a static file through Next.js, without the proxy or a route
handler, ${each(stat)}; /api/home through the proxy and a route handler ${each(home)}${plain ? `; the same under
a plain next start ${each(plain)}` : ""}. The proxy function alone takes ${proxyMs ? `${fmt(proxyMs.api.p50, 3)} ms for an API request and ${fmt(proxyMs.page.p50, 3)} ms for a page (p50, in process)` : "(not measured)"}; the rest of
trivial − static is Next.js: running the proxy at all, and the App Router's route handler (docs/speed.md,
"A trivial route over HTTP", has the breakdown).`);
  }
  const failed = rows.filter((r) => failures(r));
  if (failed.length) print(`WARNING: failed requests or a saturated route: ${failed.map((r) => `${r.id} c=${r.connections}: ${failures(r)}`).join("; ")}.`);
}

export interface ProxyTimes {
  api: { p50: number; p95: number };
  page: { p50: number; p95: number };
}

/**
 * The proxy function alone, in process, for an API path and a page: a fresh nonce, the security
 * headers, NextResponse.next (with the policy handed on as request headers for the page).
 * Milliseconds per call, p50 and p95; the NextRequest is made outside the timing.
 */
export async function timeProxy(calls = 5000): Promise<ProxyTimes> {
  const { NextRequest } = await import("next/server");
  const { proxy } = await import("@/proxy");
  const headers = { accept: "*/*", "user-agent": "autocannon", host: "localhost" };
  const time = (path: string) => {
    for (let i = 0; i < 500; i++) proxy(new NextRequest(`http://localhost${path}`, { headers }));
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const request = new NextRequest(`http://localhost${path}`, { headers });
      const t0 = performance.now();
      proxy(request);
      times.push(performance.now() - t0);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  return { api: time("/api/home"), page: time("/login") };
}
