import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { print } from "../lib/terminal";

/**
 * Writes a benchmark's JSON summary as bench-results/<name>-<at>.json (`at` an ISO time, made safe
 * for a file name) and prints where it went.
 */
export function writeSummary(name: string, at: string, summary: object): void {
  const file = path.join(process.cwd(), "bench-results", `${name}-${at.replace(/[:.]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(summary, null, 2));
  print(`Summary: ${path.relative(process.cwd(), file)}`);
}

/** The machine's load averages as a report prints them: `0.52 / 0.61 / 0.70 on 2 CPUs`. */
export function loadText(loadAverage: readonly number[] = os.loadavg()): string {
  return `${loadAverage.map((l) => l.toFixed(2)).join(" / ")} on ${os.cpus().length} CPUs`;
}
