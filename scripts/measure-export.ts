import { print, printError } from "./lib/terminal";
/**
 * Measures the streamed director export (docs/speed.md: 100,000 directors in under 3 s, memory flat).
 * Reads the whole CSV stream as a download would, and reports the time to the first and the last
 * byte, the size, the rows, and the peak RSS and heap (sampled every 5 ms) over the baseline.
 *
 *   createdb -h 127.0.0.1 -U postgres dvp_export_measure
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/dvp_export_measure npm run db:migrate
 *   DATABASE_URL=... npm run db:seed -- --clients 10000 --directors 100000
 *   DATABASE_URL=... npx tsx --import ./scripts/lib/server-only-hook.mjs scripts/measure-export.ts [runs] [batchSize]
 *
 * (the hook lets the `server-only` modules load outside Next.js, as for every script; not needed with --url.)
 * Or over HTTP against a running portal: `... scripts/measure-export.ts --url http://localhost:3000`
 * (with TEST_USER_HEADER_ENABLED=true on the server, or ADMIN_API_KEY in the environment).
 */

const args = process.argv.slice(2);
const urlFlag = args.indexOf("--url");
const baseUrl = urlFlag >= 0 ? args[urlFlag + 1] : undefined;
const positional = args.filter((_, i) => urlFlag < 0 || (i !== urlFlag && i !== urlFlag + 1));
const runs = Number(positional[0] ?? 3);
const batchSize = Number(positional[1] ?? 1000);

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function consume(stream: ReadableStream<Uint8Array>) {
  const started = performance.now();
  let first = 0;
  let bytes = 0;
  let rows = 0;
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - started;
    bytes += value.byteLength;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) rows++;
  }
  clearInterval(timer);
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  return { ms: performance.now() - started, first, bytes, rows, baseRss: base.rss, peakRss, baseHeap: base.heapUsed, peakHeap };
}

function report(label: string, r: Awaited<ReturnType<typeof consume>>) {
  print(
    `${label.padEnd(28)} ${(r.ms / 1000).toFixed(2)} s (first byte ${r.first.toFixed(0)} ms), ${mb(r.bytes)}, ${r.rows - 1} data lines; ` +
      `RSS ${mb(r.baseRss)} → peak ${mb(r.peakRss)} (+${mb(r.peakRss - r.baseRss)}), heap ${mb(r.baseHeap)} → peak ${mb(r.peakHeap)}`,
  );
}

async function overHttp(url: string) {
  const headers: Record<string, string> = process.env.ADMIN_API_KEY ? { "api-key": process.env.ADMIN_API_KEY } : { "test-user": "Admin:admin@portal.example" };
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(new URL("/api/admin/export/director", url), { headers });
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
    const r = await consume(res.body);
    r.ms = performance.now() - started;
    report(`HTTP directors #${i + 1}`, r);
  }
}

async function inProcess() {
  // Loaded here, so that the HTTP mode runs without --conditions=react-server.
  const { openDatabase } = await import("../db/client");
  const { exportDirectorsCsv } = await import("../lib/server/exports/export-directors-csv");
  const { exportClientsCsv } = await import("../lib/server/exports/export-clients-csv");
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const user = { type: "Admin" as const, email: "measure@portal.example", via: "test-user" as const };
  try {
    for (let i = 0; i < runs; i++) {
      const { stream } = await exportDirectorsCsv({ db: handle.db, user, batchSize });
      report(`directors #${i + 1} (batch ${batchSize})`, await consume(stream));
    }
    const { stream } = await exportClientsCsv({ db: handle.db, user, batchSize });
    report("clients", await consume(stream));
  } finally {
    await handle.close();
  }
}

(baseUrl ? overHttp(baseUrl) : inProcess()).catch((err) => {
  printError(err);
  process.exit(1);
});
