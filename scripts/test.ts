// `npm test`: every test. Unit and component tests, integration tests against a real PostgreSQL
// (fresh databases per run; the embedded database when no server is reachable), then the production
// build, checked for server code in its browser chunks, and end-to-end tests in Chromium against
// it. Extra arguments go to every runner, e.g. `npm test -- --only=unit`.
import { spawnSync } from "node:child_process";
import { print } from "./lib/terminal";

const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7).split(",");
const stages: { name: string; command: string[] }[] = [
  { name: "unit", command: ["node_modules/jest/bin/jest.js", "--ci", "--selectProjects", "unit", "component"] },
  { name: "integration", command: ["node_modules/jest/bin/jest.js", "--ci", "--selectProjects", "integration", "--maxWorkers=2"] },
  // The production build the end-to-end tests run against (built here when out of date), checked
  // for server code in its browser chunks (scripts/check-browser-chunks.ts).
  { name: "browser-chunks", command: ["node_modules/tsx/dist/cli.mjs", "scripts/check-browser-chunks.ts", "--build"] },
  { name: "e2e", command: ["node_modules/@playwright/test/cli.js", "test"] },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const stage of stages) {
  if (only && !only.includes(stage.name)) continue;
  print(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, stage.command, {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_NO_WARNINGS: "1" },
  });
  results.push({ name: stage.name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
  if (r.status !== 0) break;
}

print("\n=== summary ===");
for (const r of results) print(`${r.ok ? "ok  " : "FAIL"} ${r.name.padEnd(12)} ${r.seconds.toFixed(1)} s`);
const failed = results.filter((r) => !r.ok).length;
print(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
