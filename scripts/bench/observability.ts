/*
 * What the request logs and the metrics cost the request rate (`npm run bench:observability`;
 * issue 21's bar: `GET /api/home` answers less than 10% fewer requests with them than without).
 *
 * "Without" is this commit with the three places that log and measure every request stepping aside:
 * the request log of the portal's server (lib/log/request-logging.ts), the route wrapper's metrics
 * and span (`observeRoute`, lib/metrics/http.ts) and the page metrics (`observePages`, in
 * scripts/serve.ts). The portal has no such switch, so the bench makes one: it copies the committed
 * tree (`git archive HEAD`) into a temporary folder, patches those three places there (each patch
 * fails the bench if its anchor has moved), builds that copy once, and serves it twice with
 * scripts/serve.ts: once as committed ("with"), once with BENCH_BARE=1 ("without").
 *
 * The two servers are loaded at the same time (autocannon, 5 connections each), round after round,
 * so that whatever else the machine does falls on both alike: on 2 cores, runs one after the other
 * differed by more than the overhead being measured. Half of the rounds start "with" first and
 * take the first port, half the other way round. Printed: each round's rates and server CPU per
 * request, the median of the rounds' ratios, and the rate of all rounds together.
 *
 * Options: --rounds N (default 12), --seconds S per round (default 6), --database-url URL (default:
 * a new database, dropped afterwards), --keep (keep the copy and its build for the next run).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createTestDatabase, databaseUrl, dropTestDatabases } from "../../tests/setup/test-databases.mjs";
import { load, startPortal, type HttpRow, type PortalServer } from "./http";
import { print } from "../lib/terminal";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "12" },
    seconds: { type: "string", default: "6" },
    "database-url": { type: "string" },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

const HELP = `Usage: npm run bench:observability -- [options]
What the request logs and the metrics cost GET /api/home's request rate (bar: under 10%).
  --rounds N          rounds, half started each way round (default 12)
  --seconds S         seconds per round (default 6)
  --database-url URL  use this database (default: a new one, dropped afterwards)
  --keep              keep the patched copy and its build for the next run`;

/** Where "without" steps aside: file, the text the switch goes after, the switch. */
const PATCHES = [
  {
    file: "lib/log/request-logging.ts",
    anchor: "return function logRequest<T>(req: IncomingMessage, res: ServerResponse, next: () => T): T {\n",
    insert: '    if (process.env.BENCH_BARE === "1") return next();\n',
  },
  {
    file: "lib/metrics/http.ts",
    anchor: "export function observeRoute(handler: Handler): Handler {\n",
    insert: '  if (process.env.BENCH_BARE === "1") return handler;\n',
  },
  {
    file: "lib/metrics/page-requests.ts",
    anchor: "export function observePages(handle: Handle, page: (pathname: string) => string | undefined): Handle {\n",
    insert: '  if (process.env.BENCH_BARE === "1") return handle;\n',
  },
];

const TARGET = { id: "home", title: "GET /api/home", method: "GET" as const, path: "/api/home" };
const CONNECTIONS = 5;

/** The committed tree in a folder of its own, with the switches, sharing this checkout's packages. */
function preparedCopy(): string {
  const dir = path.join(os.tmpdir(), "dvp-bench-observability");
  const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const stamp = path.join(dir, ".bench-commit");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === head) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("sh", ["-c", `git archive HEAD | tar -x -C "${dir}"`]);
  // Hard links: Turbopack does not follow a symbolic link out of the project for node_modules.
  execFileSync("cp", ["-al", "node_modules", path.join(dir, "node_modules")]);
  for (const { file, anchor, insert } of PATCHES) {
    const full = path.join(dir, file);
    const text = fs.readFileSync(full, "utf8");
    if (!text.includes(anchor)) throw new Error(`${file} no longer has the place the bench switches off (${anchor.trim()}): update scripts/bench/observability.ts`);
    fs.writeFileSync(full, text.replace(anchor, anchor + insert));
  }
  fs.writeFileSync(stamp, head);
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

async function main() {
  if (args.help) return print(HELP);
  const rounds = Number(args.rounds);
  const seconds = Number(args.seconds);
  const own = args["database-url"] ? undefined : `dvp_bench_obs_${process.pid}`;
  if (own) await createTestDatabase(own);
  const url = args["database-url"] ?? databaseUrl(own!);
  const home = process.cwd();
  const dir = preparedCopy();
  process.chdir(dir);
  const start = (variant: "with" | "without", port: number, build: boolean) =>
    startPortal({ databaseUrl: url, apiKey: "bench-observability-api-key-0123", distDir: ".next-observability", build, port, env: { APP_ENV: "test", BENCH_BARE: variant === "without" ? "1" : "", NODE_ENV: "production" } });

  const rows: Record<"with" | "without", HttpRow[]> = { with: [], without: [] };
  const ratios: number[] = [];
  try {
    for (const order of [["with", "without"], ["without", "with"]] as const) {
      const servers: Partial<Record<"with" | "without", PortalServer>> = {};
      servers[order[0]] = await start(order[0], 3960, true);
      servers[order[1]] = await start(order[1], 3980, false);
      try {
        const both = () => Promise.all((["with", "without"] as const).map((v) => load(servers[v]!.base, TARGET, CONNECTIONS, seconds, servers[v]!.pid)));
        await Promise.all((["with", "without"] as const).map((v) => load(servers[v]!.base, TARGET, CONNECTIONS, 3, servers[v]!.pid))); // warm-up
        for (let i = 0; i < rounds / 2; i++) {
          const [w, wo] = await both();
          rows.with.push(w!);
          rows.without.push(wo!);
          ratios.push(w!.rps / wo!.rps);
          print(
            `round ${rows.with.length} (${order[0]} started first): with ${w!.rps.toFixed(0)} req/s, ${w!.cpuMsPerRequest.toFixed(2)} ms CPU/request; without ${wo!.rps.toFixed(0)} req/s, ${wo!.cpuMsPerRequest.toFixed(2)} ms; with ÷ without ${(w!.rps / wo!.rps).toFixed(3)}; load ${os.loadavg()[0]!.toFixed(1)}`,
          );
        }
      } finally {
        await Promise.all(Object.values(servers).map((s) => s!.stop()));
      }
    }
  } finally {
    process.chdir(home);
    if (own) await dropTestDatabases(own);
    if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  const total = (v: "with" | "without") => sum(rows[v].map((r) => r.requests));
  const below = (1 - total("with") / total("without")) * 100;
  print(`\nGET /api/home, ${rows.with.length} rounds of ${seconds} s, both servers loaded at once (${CONNECTIONS} connections each):`);
  print(`  median of the rounds' ratios with ÷ without: ${median(ratios).toFixed(3)} (${((1 - median(ratios)) * 100).toFixed(1)}% fewer requests with logs and metrics)`);
  print(`  all rounds: with ${total("with")} requests, without ${total("without")}: ${below.toFixed(1)}% fewer with (bar: under 10%)`);
  print(`  server CPU per request, median: with ${median(rows.with.map((r) => r.cpuMsPerRequest)).toFixed(2)} ms, without ${median(rows.without.map((r) => r.cpuMsPerRequest)).toFixed(2)} ms`);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
