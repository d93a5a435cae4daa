import type { Scenario } from "./scenarios";
import { fmt, summarise, timeSequential, type LatencySummary } from "./stats";
import type { TermPool } from "./terms";
import { print } from "../lib/terminal";

/*
 * The random-term shapes (./scenarios.ts RANDOM_TERM_SHAPES) over HTTP: POST
 * /api/admin/director-verification/clients/search to the portal's own server on a production
 * build, one request at a time (a latency, not a throughput: the bar is each request's time), the
 * same terms as in process for the same call numbers. Then both side by side against the bar.
 */

export async function timeShapesOverHttp(o: {
  base: string;
  apiKey: string;
  shapes: Scenario[];
  terms: TermPool;
  iterations: number;
  warmup: number;
}): Promise<Map<string, LatencySummary>> {
  const out = new Map<string, LatencySummary>();
  for (const shape of o.shapes) {
    const call = async (i: number) => {
      const res = await fetch(`${o.base}/api/admin/director-verification/clients/search`, {
        method: "POST",
        headers: { "content-type": "application/json", "api-key": o.apiKey },
        body: JSON.stringify(shape.request(i, o.terms)),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${shape.id}: search answered ${res.status}: ${text.slice(0, 300)}`);
    };
    const summary = summarise(await timeSequential(call, o.iterations, o.warmup));
    out.set(shape.id, summary);
    print(`  HTTP ${shape.id.padEnd(30)} p50 ${fmt(summary.p50).padStart(6)} ms  p95 ${fmt(summary.p95).padStart(6)} ms`);
  }
  return out;
}

/** The random-term shapes' p95, in process (route handler) and over HTTP, against the bar. */
export function reportShapes(o: { shapes: Scenario[]; inProcess: Map<string, LatencySummary>; http?: Map<string, LatencySummary>; barMs: number; seed: number; load: number[] }) {
  const head = ["shape (terms drawn at random from the data)", "in process p95", "HTTP p95", `< ${o.barMs} ms`];
  const lines = o.shapes.map((s) => {
    const a = o.inProcess.get(s.id)?.p95;
    const b = o.http?.get(s.id)?.p95;
    const worst = Math.max(a ?? 0, b ?? 0);
    return [`${s.id}: ${s.title}`, a === undefined ? "—" : fmt(a), b === undefined ? "—" : fmt(b), worst < o.barMs ? "PASS" : "FAIL"];
  });
  const all = [head, ...lines];
  const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)));
  const line = (l: string[]) => l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  print(`\nRandom-term shapes (seed ${o.seed}; load average ${o.load.map((l) => l.toFixed(2)).join(" / ")}):\n`);
  print(line(head));
  print(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) print(line(l));
  const failed = lines.filter((l) => l[3] === "FAIL").length;
  print(`${o.shapes.length - failed} of ${o.shapes.length} shapes under the bar${o.http ? "" : " in process (add --http for HTTP)"}.`);
}
