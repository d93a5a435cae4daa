import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const sourceRoots = ["app", "components", "lib", "db", "messages", "public", "proxy.ts", "middleware.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Runs `next build` when there is no build or a source file is newer than it. */
export function buildIfNeeded(env: NodeJS.ProcessEnv = process.env) {
  const buildId = path.join(env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...sourceRoots.map(newestMtime));
  if (builtAt && builtAt >= changedAt && !process.env.FORCE_BUILD) {
    console.log("[build] up to date");
    return;
  }
  console.log(builtAt ? "[build] sources changed since the last build: building" : "[build] no build yet: building");
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
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
