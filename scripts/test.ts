// `npm test`: every test. Unit and component tests, integration tests against a real PostgreSQL
// (fresh databases per run; the embedded database when no server is reachable), then the production
// build, checked for server code in its browser chunks, and end-to-end tests in Chromium against
// it. Extra arguments go to every runner, e.g. `npm test -- --only=unit`.
//
// The unit tests run in one Jest worker, which leaves the second of two cores idle: the build
// (stage browser-chunks) starts beside them, its output held back and printed as its own stage,
// and is waited for before the integration tests, which keep both cores busy.
import { spawn, spawnSync } from "node:child_process";
import { stopProcessGroup } from "./lib/process-group";
import { print } from "./lib/terminal";

const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7).split(",");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_NO_WARNINGS: "1" };
const stages: { name: string; command: string[]; beside?: string }[] = [
  { name: "unit", command: ["node_modules/jest/bin/jest.js", "--ci", "--selectProjects", "unit", "component"] },
  // The production build the end-to-end tests run against (built here when out of date), checked
  // for server code in its browser chunks (scripts/check-browser-chunks.ts).
  { name: "browser-chunks", command: ["node_modules/tsx/dist/cli.mjs", "scripts/check-browser-chunks.ts", "--build"], beside: "unit" },
  // Three workers on two cores: a worker waits on PostgreSQL for part of each test, and a third
  // fills that time (docs/speed.md "The suite's time on 2 cores (issue 22)").
  { name: "integration", command: ["node_modules/jest/bin/jest.js", "--ci", "--selectProjects", "integration", "--maxWorkers=3"] },
  { name: "e2e", command: ["node_modules/@playwright/test/cli.js", "test"] },
];
const selected = stages.filter((s) => !only || only.includes(s.name));

interface Outcome {
  ok: boolean;
  seconds: number;
  output?: string;
}

/** Starts a stage whose output is held back until it is reported (it runs beside another). */
function startHeldBack(command: string[]) {
  const started = Date.now();
  // Its own process group, so that stopping it stops what it started (next build and its workers).
  const child = spawn(process.execPath, command, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const done = new Promise<Outcome>((resolve) => {
    child.on("close", (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000, output }));
  });
  return { child, done };
}

const besides = new Map<string, ReturnType<typeof startHeldBack>>();
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const stage of selected) {
  const partner = selected.find((s) => s.beside === stage.name);
  if (partner) besides.set(partner.name, startHeldBack(partner.command));
  const held = besides.get(stage.name);
  print(`\n=== ${stage.name}${held ? " (started beside an earlier stage)" : ""} ===`);
  let outcome: Outcome;
  if (held) {
    outcome = await held.done;
    process.stdout.write(outcome.output ?? "");
  } else {
    const started = Date.now();
    const r = spawnSync(process.execPath, stage.command, { stdio: "inherit", env });
    outcome = { ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
  }
  results.push({ name: stage.name, ok: outcome.ok, seconds: outcome.seconds });
  if (!outcome.ok) break;
}
// A stage started beside one that failed is not waited for.
for (const held of besides.values()) await stopProcessGroup(held.child, 5_000);

print("\n=== summary ===");
for (const r of results) print(`${r.ok ? "ok  " : "FAIL"} ${r.name.padEnd(14)} ${r.seconds.toFixed(1)} s`);
const failed = results.filter((r) => !r.ok).length;
print(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
