/*
 * A bare Next.js page, the baseline of the first-load JavaScript budgets (docs/speed.md): an App
 * Router app of one root layout (<html><body>) and one page of text, built with this checkout's
 * Next.js and React (its node_modules linked in) in a folder of the system's temporary directory,
 * kept between runs and built again when the Next.js version changes, and served with `next start`.
 * Its first-load JavaScript is what any page of this Next.js costs before our code.
 *
 * Outside the checkout on purpose: Turbopack takes a project's instrumentation and proxy from its
 * workspace root, so a bare app inside the repository would be built with the portal's.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureFirstLoad, type FirstLoad } from "../first-load-js";
import { freePort, waitFor } from "./http";
import { print } from "../lib/terminal";

const DIR = path.join(os.tmpdir(), "dvp-bare-next");
const NEXT_BIN = path.resolve("node_modules/next/dist/bin/next");

const FILES: Record<string, string> = {
  "app/layout.jsx": `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.jsx": `export default function Page() {
  return <p>A bare page.</p>;
}
`,
  // The linked node_modules lie outside the folder: the workspace root must hold both.
  "next.config.mjs": `export default { turbopack: { root: "/" } };
`,
};

/** This process's environment for the bare app: its own build folder, production, no telemetry. */
function bareEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  delete env.NEXT_DIST_DIR;
  return env;
}

function nextVersion(): string {
  return (JSON.parse(fs.readFileSync("node_modules/next/package.json", "utf8")) as { version: string }).version;
}

/** Builds the bare app unless its build is of this Next.js version and these files. */
function buildBare(): void {
  const stamp = path.join(DIR, "built-with.json");
  const modules = path.resolve("node_modules");
  const wanted = JSON.stringify({ next: nextVersion(), modules, files: FILES });
  if (fs.existsSync(path.join(DIR, ".next", "BUILD_ID")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === wanted) return;
  fs.rmSync(DIR, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(DIR, file), text);
  }
  fs.symlinkSync(modules, path.join(DIR, "node_modules"), "dir");
  print(`Building a bare Next.js ${nextVersion()} page (${DIR})…`);
  const r = spawnSync(process.execPath, [NEXT_BIN, "build"], { cwd: DIR, env: bareEnv(), stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("the bare Next.js page did not build");
  fs.writeFileSync(stamp, wanted);
}

/** The bare page served by `next start` on `port` (or a free one), until `stop`. */
export async function startBarePage(port: number): Promise<{ base: string; nextVersion: string; stop: () => void }> {
  buildBare();
  const p = await freePort(port);
  const server = spawn(process.execPath, [NEXT_BIN, "start", "--port", String(p)], { cwd: DIR, env: bareEnv(), stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => void server.kill("SIGTERM");
  const base = `http://127.0.0.1:${p}`;
  try {
    await waitFor(`${base}/`, server);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, nextVersion: nextVersion(), stop };
}

/** The first-load JavaScript of a bare Next.js page of this checkout's Next.js. */
export async function bareFirstLoad(port: number): Promise<FirstLoad & { nextVersion: string }> {
  const bare = await startBarePage(port);
  try {
    return { ...(await measureFirstLoad(bare.base, "/")), nextVersion: bare.nextVersion };
  } finally {
    bare.stop();
  }
}
