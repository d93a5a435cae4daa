/*
 * The HTTP half of `npm run bench -- --http`: the portal's own server (scripts/serve.ts, a production
 * build) under autocannon, as a browser or an API client meets it.
 *
 * Routes, each at concurrency 10 and 50, in the same run:
 * - search: POST /api/admin/director-verification/clients/search (api-key), the shapes given;
 * - page: admin pages rendered on the server (the client list, the detail of the client with the
 *   most directors), with an admin session's cookie: the whole HTML, as a browser's first request;
 * - select 1: GET /api/admin/health?probe=live (public, one `select 1` through the app's pool);
 * - trivial: GET /api/home without a cookie (no database);
 * - static: GET /logo.svg (a public file: Next.js serves it without the proxy or a route handler);
 * - bare node: a `node:http` server in a child process answering "ok" (the floor of HTTP + autocannon).
 * For each: req/s, p50 / p95 / p99 (from every response's own time), errors and non-2xx, and the
 * server's resident memory (the process tree's RSS: peak during the run, and after it). Then the
 * ratios search ÷ select 1 and search ÷ trivial from the same run.
 *
 * The static and bare-node rows, with an in-process timing of the proxy function itself, say where
 * the time of a trivial route goes (see `explainTrivial`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfNeeded } from "../lib/build-if-needed";
import { fmt, percentile } from "./stats";

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
  errors: number;
  non2xx: number;
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

async function freePort(preferred: number): Promise<number> {
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

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
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

/** Resident memory in MB of a process and its descendants (Linux /proc; 0 elsewhere). */
function treeRssMb(pid: number): number {
  const seen = new Set<number>();
  const visit = (p: number): number => {
    if (seen.has(p)) return 0;
    seen.add(p);
    let kb = 0;
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        for (const c of children ? children.split(/\s+/) : []) kb += visit(Number(c)) * 1024;
      }
    } catch {
      /* gone, or not Linux */
    }
    return kb / 1024;
  };
  return visit(pid);
}

async function load(base: string, target: HttpTarget, connections: number, durationSeconds: number, serverPid: number): Promise<HttpRow> {
  const times: number[] = [];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(serverPid))), 200);
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
  return {
    id: target.id,
    title: target.title,
    connections,
    rps: result.requests.total / (result.duration || durationSeconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssPeakMb: Math.max(peak, treeRssMb(serverPid)),
    rssAfterMb: treeRssMb(serverPid),
  };
}

const BARE_NODE = `require("node:http").createServer((q, s) => { s.writeHead(200, { "content-type": "text/plain" }); s.end("ok"); }).listen(Number(process.env.PORT), () => console.log("ready"));`;

/** The portal's server on a production build: its base URL, its process id, and how to stop it. */
export interface PortalServer {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Builds `distDir` when needed (`build`), then starts scripts/serve.ts on it and waits until it answers. */
export async function startPortal(o: Pick<HttpOptions, "databaseUrl" | "apiKey" | "distDir" | "build" | "port">): Promise<PortalServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
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
    console.log(`Build (${o.distDir}): ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  }
  const port = await freePort(o.port);
  env.PORT = String(port);
  env.APP_URL = `http://localhost:${port}`;
  const base = `http://127.0.0.1:${port}`;
  const log = path.join(o.distDir, "bench-server.log");
  fs.mkdirSync(o.distDir, { recursive: true });
  const out = fs.openSync(log, "w");
  const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts"], { env, stdio: ["ignore", out, out], detached: false });
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
  console.log(`Server: scripts/serve.ts on port ${port} (production build ${o.distDir}; log ${log}).`);
  return { base, pid: server.pid!, stop };
}

export async function benchHttp(o: HttpOptions): Promise<HttpRow[]> {
  const { base, pid: serverPid, stop } = await startPortal(o);
  const barePort = await freePort(o.port + 1);
  const bare = spawn(process.execPath, ["-e", BARE_NODE], { env: { ...process.env, PORT: String(barePort) }, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
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
        await load(base, target, connections, 1, serverPid);
        const row = await load(base, target, connections, o.durationSeconds, serverPid);
        rows.push(row);
        console.log(`  c=${String(connections).padEnd(3)} ${row.id.padEnd(28)} ${fmt(row.rps, 0).padStart(6)} req/s  p50 ${fmt(row.p50).padStart(6)}  p95 ${fmt(row.p95).padStart(6)}  p99 ${fmt(row.p99).padStart(6)} ms`);
      }
      const bareTarget: HttpTarget = { id: "bare node:http", title: "a bare node:http server answering ok", method: "GET", path: "/" };
      await load(`http://127.0.0.1:${barePort}`, bareTarget, connections, 1, bare.pid!);
      rows.push(await load(`http://127.0.0.1:${barePort}`, bareTarget, connections, o.durationSeconds, bare.pid!));
    }
    return rows;
  } finally {
    bare.kill("SIGTERM");
    await stop();
  }
}

export function reportHttp(rows: HttpRow[], proxyMs?: { p50: number; p95: number }) {
  const head = ["route", "conns", "req/s", "p50", "p95", "p99", "requests", "errors", "non-2xx", "RSS peak MB", "RSS after MB", "÷select 1", "÷trivial"];
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
      String(r.non2xx),
      fmt(r.rssPeakMb, 0),
      fmt(r.rssAfterMb, 0),
      search ? fmt(r.rps / (same("select 1")?.rps ?? Number.NaN), 3) : "",
      search ? fmt(r.rps / (same("trivial")?.rps ?? Number.NaN), 3) : "",
    ];
  });
  const all = [head, ...lines];
  const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)));
  const line = (l: string[]) => l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\nHTTP (times in ms, each response's own time; memory of the server's process tree)\n`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(line(l));
  const c10 = (id: string) => rows.find((x) => x.id === id && x.connections === 10);
  const [home, stat, bare] = [c10("trivial"), c10("static"), c10("bare node:http")];
  if (home && stat && bare) {
    console.log(`
Where a trivial route's time goes, at 10 connections (p50): bare node:http ${fmt(bare.p50, 2)} ms (HTTP and the
load generator on the same 2 cores); a static file through Next.js, without the proxy ${fmt(stat.p50, 2)} ms; /api/home
through the proxy and a route handler ${fmt(home.p50, 2)} ms. The difference home − static is the proxy plus the
App Router's route handler${proxyMs ? `; the proxy function alone takes ${fmt(proxyMs.p50, 3)} ms (p50, p95 ${fmt(proxyMs.p95, 3)} ms) in process` : ""}.`);
  }
  const errors = rows.filter((r) => r.errors || r.non2xx);
  if (errors.length) console.log(`WARNING: errors or non-2xx answers on ${errors.map((r) => `${r.id} c=${r.connections}`).join(", ")}.`);
}

/**
 * The proxy function alone, in process: a fresh nonce, the Content-Security-Policy and the security
 * headers, the request headers copied, NextResponse.next. Milliseconds per call, p50 and p95.
 */
export async function timeProxy(calls = 5000): Promise<{ p50: number; p95: number }> {
  const { NextRequest } = await import("next/server");
  const { proxy } = await import("@/proxy");
  const headers = { accept: "*/*", "user-agent": "autocannon", host: "localhost" };
  for (let i = 0; i < 500; i++) proxy(new NextRequest("http://localhost/api/home", { headers }));
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    proxy(new NextRequest("http://localhost/api/home", { headers }));
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
