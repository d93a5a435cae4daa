import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { addCompileHints } from "./compile-hints";
import { print } from "./terminal";

/**
 * What the first build takes, said before it starts so that a newcomer knows the wait is expected
 * (docs/speed.md "Start-up" has the measurements behind it). Later builds say what the last took.
 */
export const FIRST_BUILD_ESTIMATE = { text: "a few minutes, 3 to 8", cpus: 2 };

const sourceRoots = ["app", "components", "lib", "db", "messages", "public", "proxy.ts", "middleware.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Runs `next build` when there is no build or a source file is newer than it, then gives the
 * first-load chunks their compile hint (./compile-hints.ts, as `npm run build` does), which a build
 * interrupted before it still lacks.
 */
export function buildIfNeeded(env: NodeJS.ProcessEnv = process.env) {
  const distDir = env.NEXT_DIST_DIR || ".next";
  build(env, distDir);
  const hints = addCompileHints(distDir);
  if (hints.marked) print(`[build] Compile hint on ${hints.marked} first-load chunks.`);
}

function build(env: NodeJS.ProcessEnv, distDir: string) {
  const buildId = path.join(distDir, "BUILD_ID");
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...sourceRoots.map(newestMtime));
  if (builtAt && builtAt >= changedAt && !process.env.FORCE_BUILD) {
    print("[build] up to date");
    return;
  }
  const record = path.join(distDir, "cache", "portal-build.json");
  const last = readLastBuild(record);
  const cpus = os.cpus().length;
  if (!builtAt) {
    const machine = cpus === FIRST_BUILD_ESTIMATE.cpus ? "" : ` (this machine has ${cpus})`;
    print(`[build] Building the portal for the first time (next build): this takes ${FIRST_BUILD_ESTIMATE.text} on ${FIRST_BUILD_ESTIMATE.cpus} cores${machine}. Later starts reuse the build.`);
  } else {
    const hint = last ? `: the last build took ${last.seconds} s` : "";
    print(`[build] Sources changed since the last build: building again${hint}.`);
  }
  const started = Date.now();
  // `next build` rewrites tsconfig.json to include its build directory's types (and reformats it);
  // a build into another directory (e2e, bench) must not leave the checkout changed.
  const tsconfig = fs.readFileSync("tsconfig.json", "utf8");
  let result;
  try {
    result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: { ...env, NEXT_TELEMETRY_DISABLED: "1" } });
  } finally {
    if (fs.readFileSync("tsconfig.json", "utf8") !== tsconfig) fs.writeFileSync("tsconfig.json", tsconfig);
  }
  if (result.status !== 0) throw new Error("next build failed");
  const seconds = Math.round((Date.now() - started) / 1000);
  print(`[build] Built in ${seconds} s.`);
  try {
    fs.mkdirSync(path.dirname(record), { recursive: true });
    fs.writeFileSync(record, JSON.stringify({ seconds, cpus, at: new Date().toISOString() }));
  } catch {
    // Only the next rebuild's estimate is lost.
  }
}

function readLastBuild(file: string): { seconds: number } | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { seconds?: unknown };
    return typeof parsed.seconds === "number" ? { seconds: parsed.seconds } : undefined;
  } catch {
    return undefined;
  }
}
