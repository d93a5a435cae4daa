/*
 * Lighthouse and server-render time of admin pages on a running portal (docs/speed.md: Lighthouse
 * performance and accessibility 95+ on the client list; the client list and the page of a client
 * with 2,000 directors rendered on the server in under 300 ms).
 *
 * For each page, with an admin session's cookie:
 * - the server render: N sequential GETs of the HTML (after a warm-up), p50 / p95 / max of the time
 *   to the first byte and to the last byte (the whole streamed document), and its size;
 * - Lighthouse (the Node API, performance and accessibility) in Debian's Chromium, with the desktop
 *   preset and Lighthouse's default (mobile: simulated slow 4G and 4× CPU slowdown): the scores, FCP,
 *   LCP, TBT, CLS and the document's server response time as Lighthouse saw it (`server-response-time`).
 *   With several runs the run of median performance score is reported. Failing accessibility audits
 *   and weak performance audits are listed under the table; each report is kept as JSON under
 *   bench-results/.
 *
 * `npm run bench -- --lighthouse` (scripts/bench/run.ts) seeds, serves the production build and runs
 * this on the client list and the client with the most directors. On its own, against any portal:
 *
 *   npx tsx scripts/bench/lighthouse.ts --url http://localhost:3000 --cookie "dvp_session=..." \
 *     --path /administration/client-management --path /administration/client-management/42
 *
 * Options: --runs N (Lighthouse runs per page and preset, default 1), --ssr-runs N (timed GETs,
 * default 20), --preset desktop|mobile|both (default both). Chromium: CHROME_PATH or /usr/bin/chromium,
 * started here with a remote-debugging port (no browser is downloaded).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Flags, Result } from "lighthouse";
import { fmt, summarise, type LatencySummary } from "./stats";
import { stopProcessGroup } from "../lib/process-group";
import { print, printError } from "../lib/terminal";
import { loadText, writeSummary } from "./summary";
import { printTable } from "./table";

export type Preset = "desktop" | "mobile";
/**
 * Lighthouse's throttling method: "simulate" (its default: the page loads at the host's speed and
 * the metrics are computed for the profile's slow CPU and network), "devtools" (Chromium itself
 * slows the CPU and the network while the page loads) or "provided" (no throttling at all).
 */
export type ThrottlingMethod = "simulate" | "devtools" | "provided";

export interface LighthousePage {
  id: string;
  /** The path, with any query string. */
  path: string;
  /** This page's `Cookie` header (a session of its own), else the options' `cookie`; none for a public page. */
  cookie?: string;
}

export interface LighthouseOptions {
  base: string;
  /** `dvp_session=...`, sent with every request (Lighthouse: `extraHeaders`) unless a page has its own. */
  cookie?: string;
  pages: LighthousePage[];
  presets?: Preset[];
  /** Lighthouse runs per page and preset; the run of median performance score is kept (default 1). */
  runs?: number;
  /** Timed sequential GETs per page for the server render (default 20, after 3 untimed; 0: none). */
  ssrRuns?: number;
  chromePath?: string;
  /** Lighthouse's throttling method (default "simulate"). */
  throttling?: ThrottlingMethod;
}

export interface SsrRow {
  id: string;
  path: string;
  ttfb: LatencySummary;
  ttlb: LatencySummary;
  htmlKb: number;
}

export interface LighthouseRow {
  id: string;
  path: string;
  preset: Preset;
  runs: number;
  performance: number;
  accessibility: number;
  /** Performance scores of every run (the row is the median one). */
  performanceRuns: number[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  serverResponse: number;
  speedIndex: number;
  /** Script bytes the browser fetched during the load (transfer size, as Lighthouse's resource summary counts them). */
  scriptBytes: number;
  /** What moved (Lighthouse's layout-shifts audit): the element and its score. */
  shifts: string[];
  /**
   * Lighthouse's measure of the host's CPU speed (BenchmarkIndex): its mobile preset's 4× slowdown
   * assumes about 1,000 or more; lower (a busy 2-core machine) makes the mobile figures pessimistic.
   */
  benchmarkIndex: number;
  /** Accessibility audits that failed, and performance audits scoring under 0.9 (not metrics). */
  a11yFailures: string[];
  perfWarnings: string[];
  runtimeError?: string;
  report: string;
}

export interface LighthouseReport {
  ssr: SsrRow[];
  lighthouse: LighthouseRow[];
  chrome: string;
}

/** Server render: time to first and last byte of the page's HTML, sequential, with the cookie. */
async function timeRender(base: string, page: LighthousePage, cookie: string | undefined, runs: number, warmup = 3): Promise<SsrRow> {
  const ttfb: number[] = [];
  const ttlb: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = performance.now();
    const res = await fetch(base + page.path, { headers: { ...(cookie ? { cookie } : {}), accept: "text/html" }, redirect: "manual" });
    const t1 = performance.now();
    const body = await res.arrayBuffer();
    const t2 = performance.now();
    if (res.status !== 200) throw new Error(`GET ${page.path} answered ${res.status}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""} (is the session cookie valid?)`);
    if (i < warmup) continue;
    ttfb.push(t1 - t0);
    ttlb.push(t2 - t0);
    bytes = body.byteLength;
  }
  return { id: page.id, path: page.path, ttfb: summarise(ttfb), ttlb: summarise(ttlb), htmlKb: bytes / 1024 };
}

interface Chrome {
  port: number;
  version: string;
  stop: () => Promise<void>;
}

/** Debian's Chromium, headless, on a free remote-debugging port with a throw-away profile. */
export async function launchChrome(chromePath: string): Promise<Chrome> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-lighthouse-"));
  const args = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--mute-audio",
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    "about:blank",
  ];
  // Its own process group: stopping it stops its renderer, GPU and crash-handler processes too,
  // which otherwise go on writing into the profile while it is removed (rmdir: ENOTEMPTY).
  const child: ChildProcess = spawn(chromePath, args, { stdio: ["ignore", "ignore", "pipe"], detached: true });
  const stop = async () => {
    await stopProcessGroup(child, 2_000);
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let stderr = "";
      const timer = setTimeout(() => reject(new Error(`Chromium (${chromePath}) gave no DevTools port in 30 s:\n${stderr.slice(-2000)}`)), 30_000);
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(new Error(`could not start ${chromePath}: ${err.message} (apt-get install chromium, or set CHROME_PATH)`));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before listening:\n${stderr.slice(-2000)}`));
      });
      child.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
    });
    child.stderr!.resume(); // keep draining its log
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
    return { port, version: info.Browser ?? "Chromium", stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Transfer size of one resource type in Lighthouse's resource summary. */
function resourceBytes(lhr: Result, type: string): number {
  const details = lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
  return details?.items?.find((i) => i.resourceType === type)?.transferSize ?? Number.NaN;
}

/** The layout-shifts audit's elements: what moved, and by how much. */
function layoutShifts(lhr: Result): string[] {
  const details = lhr.audits["layout-shifts"]?.details as { items?: { score?: number; node?: { selector?: string; snippet?: string; nodeLabel?: string } }[] } | undefined;
  return (details?.items ?? []).map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? i.node?.nodeLabel ?? "(unknown element)"}${i.node?.snippet ? ` ${i.node.snippet.slice(0, 120)}` : ""}`);
}

/** Why Lighthouse gave a run no performance score: the metrics' own errors, else the run's. */
function unscoredWhy(lhr: Result): string {
  const errors = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.scoreDisplayMode === "error")
    .map((a) => `${a!.id}: ${a!.errorMessage ?? "error"}`);
  return errors.length ? errors.join("; ") : (lhr.runtimeError?.message ?? "no metric said why");
}

const score = (s: number | null | undefined) => (s === null || s === undefined ? Number.NaN : Math.round(s * 100));

function rowOf(page: LighthousePage, preset: Preset, lhr: Result, performanceRuns: number[], report: string): LighthouseRow {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const refs = (category: string) => lhr.categories[category]?.auditRefs ?? [];
  const a11yFailures = refs("accessibility")
    .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
    .map((r) => `${r.id} (${lhr.audits[r.id]?.details && "items" in lhr.audits[r.id]!.details! ? (lhr.audits[r.id]!.details as { items: unknown[] }).items.length : "?"} elements)`);
  const perfWarnings = refs("performance")
    .filter((r) => r.group !== "metrics" && lhr.audits[r.id]?.score !== null && (lhr.audits[r.id]?.score ?? 1) < 0.9)
    .map((r) => `${r.id}${lhr.audits[r.id]?.displayValue ? `: ${lhr.audits[r.id]!.displayValue}` : ""}`);
  return {
    id: page.id,
    path: page.path,
    preset,
    runs: performanceRuns.length,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    performanceRuns,
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    serverResponse: audit("server-response-time"),
    speedIndex: audit("speed-index"),
    scriptBytes: resourceBytes(lhr, "script"),
    shifts: layoutShifts(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    a11yFailures,
    perfWarnings,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    report,
  };
}

export async function benchLighthouse(o: LighthouseOptions): Promise<LighthouseReport> {
  const presets = o.presets ?? ["desktop", "mobile"];
  const runs = Math.max(1, o.runs ?? 1);
  const ssr: SsrRow[] = [];
  // The server render first, with nothing else running against the server.
  for (const page of (o.ssrRuns ?? 20) > 0 ? o.pages : []) {
    const row = await timeRender(o.base, page, page.cookie ?? o.cookie, o.ssrRuns ?? 20);
    ssr.push(row);
    print(`  render ${page.id.padEnd(34)} last byte p50 ${fmt(row.ttlb.p50).padStart(6)}  p95 ${fmt(row.ttlb.p95).padStart(6)} ms  (${fmt(row.htmlKb, 0)} kB HTML)`);
  }

  const { default: lighthouse, desktopConfig } = await import("lighthouse");
  const chrome = await launchChrome(o.chromePath ?? process.env.CHROME_PATH ?? "/usr/bin/chromium");
  const out = path.join(process.cwd(), "bench-results");
  fs.mkdirSync(out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const rows: LighthouseRow[] = [];
  try {
    for (const page of o.pages) {
      for (const preset of presets) {
        const results: Result[] = [];
        const cookie = page.cookie ?? o.cookie;
        for (let i = 0; i < runs; i++) {
          const flags: Flags = {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            ...(o.throttling ? { throttlingMethod: o.throttling } : {}),
            ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          };
          const result = await lighthouse(o.base + page.path, flags, preset === "desktop" ? desktopConfig : undefined);
          if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
          const finalUrl = result.lhr.finalDisplayedUrl;
          const landed = new URL(finalUrl);
          if (landed.pathname + landed.search !== page.path) throw new Error(`Lighthouse ended on ${finalUrl}, not ${page.path} (is the session cookie valid?)`);
          results.push(result.lhr);
          if (result.lhr.categories.performance?.score == null) printError(`  no performance score for ${page.path} (${preset}, run ${i + 1}): ${unscoredWhy(result.lhr)}`);
        }
        const byScore = [...results].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const median = byScore[Math.floor((byScore.length - 1) / 2)]!;
        const file = path.join(out, `lighthouse-${stamp}-${page.id.replace(/[^a-z0-9]+/gi, "-").replace(/^-+|-+$/g, "")}-${preset}.json`);
        fs.writeFileSync(file, JSON.stringify(median));
        const row = rowOf(page, preset, median, results.map((r) => score(r.categories.performance?.score)), path.relative(process.cwd(), file));
        rows.push(row);
        print(`  lighthouse ${preset.padEnd(7)} ${page.id.padEnd(34)} performance ${row.performance} (${row.performanceRuns.join(" ")})  accessibility ${row.accessibility}  LCP ${fmt(row.lcp, 0)} ms  TBT ${fmt(row.tbt, 0)} ms  CLS ${fmt(row.cls, 3)}`);
      }
    }
  } finally {
    await chrome.stop();
  }
  return { ssr, lighthouse: rows, chrome: chrome.version };
}

/** The headers of the load metrics' columns of a report's table (`metricCells`). */
export const METRICS_HEAD = ["FCP", "LCP", "TBT", "CLS", "SI"];

/** A row's load metrics as table cells: times in whole ms, layout shift to three places. */
export function metricCells(x: LighthouseRow): string[] {
  return [fmt(x.fcp, 0), fmt(x.lcp, 0), fmt(x.tbt, 0), fmt(x.cls, 3), fmt(x.speedIndex, 0)];
}

/**
 * Prints, under the table, what deserves a look in each row: a runtime error, what moved (with
 * `shifts`), failed accessibility audits and low-scoring performance audits.
 */
export function printNotes(rows: readonly LighthouseRow[], { shifts = false } = {}) {
  for (const x of rows) {
    const notes = [
      ...(x.runtimeError ? [`runtime error ${x.runtimeError}`] : []),
      ...(shifts ? x.shifts.map((s) => `shift ${s}`) : []),
      ...x.a11yFailures.map((a) => `accessibility: ${a}`),
      ...x.perfWarnings.map((a) => `performance: ${a}`),
    ];
    if (notes.length) print(`\n${x.id}, ${x.preset}:\n  ${notes.join("\n  ")}`);
  }
}

/** Prints both tables and the bars; writes a JSON summary under bench-results/. */
export function reportLighthouse(r: LighthouseReport, ssrBarMs = 300) {
  print(`\nServer render (sequential GETs with an admin session, times in ms; bar: under ${ssrBarMs} ms)\n`);
  printTable(
    ["page", "n", "TTFB p50", "TTFB p95", "last byte p50", "last byte p95", "max", "HTML kB", `p95<${ssrBarMs}`],
    r.ssr.map((x) => [x.id, String(x.ttlb.n), fmt(x.ttfb.p50), fmt(x.ttfb.p95), fmt(x.ttlb.p50), fmt(x.ttlb.p95), fmt(x.ttlb.max), fmt(x.htmlKb, 0), x.ttlb.p95 < ssrBarMs ? "PASS" : "FAIL"]),
  );
  print(`\nLighthouse (${r.chrome}; times in ms; desktop = Lighthouse's desktop preset, mobile = its default: simulated slow 4G, 4× CPU)\n`);
  printTable(
    ["page", "preset", "perf", "a11y", ...METRICS_HEAD, "server response", "runs (perf)", "host index", "95+"],
    r.lighthouse.map((x) => [
      x.id,
      x.preset,
      String(x.performance),
      String(x.accessibility),
      ...metricCells(x),
      fmt(x.serverResponse, 0),
      x.performanceRuns.join(" "),
      fmt(x.benchmarkIndex, 0),
      x.performance >= 95 && x.accessibility >= 95 ? "PASS" : "FAIL",
    ]),
  );
  printNotes(r.lighthouse);
  print(`\nHost index: Lighthouse's BenchmarkIndex of this machine during the run (mobile's 4× CPU slowdown assumes about 1,000+; lower inflates mobile TBT and LCP).`);
  print(`Load average at the end: ${loadText()}. Reports: ${r.lighthouse.map((x) => x.report).join(", ")}`);
  const at = new Date().toISOString();
  writeSummary("pages", at, { at, bars: { ssrP95Ms: ssrBarMs, lighthouse: 95 }, ...r });
}

// On its own: `npx tsx scripts/bench/lighthouse.ts --url ... --cookie ... --path ...`.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: "http://localhost:3000" },
      cookie: { type: "string" },
      path: { type: "string", multiple: true },
      runs: { type: "string" },
      "ssr-runs": { type: "string" },
      preset: { type: "string", default: "both" },
    },
  });
  if (!values.cookie) {
    printError("--cookie 'dvp_session=...' is required (an admin session)");
    process.exit(2);
  }
  const paths = values.path?.length ? values.path : ["/administration/client-management"];
  const presets: Preset[] = values.preset === "both" ? ["desktop", "mobile"] : [values.preset as Preset];
  benchLighthouse({
    base: values.url.replace(/\/$/, ""),
    cookie: values.cookie,
    pages: paths.map((p) => ({ id: p, path: p })),
    presets,
    runs: values.runs ? Number(values.runs) : undefined,
    ssrRuns: values["ssr-runs"] ? Number(values["ssr-runs"]) : undefined,
  })
    .then((r) => reportLighthouse(r))
    .catch((err) => {
      printError(err);
      process.exitCode = 1;
    });
}
