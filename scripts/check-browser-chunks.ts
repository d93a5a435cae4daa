// Fails when a production build's browser chunks hold server code: drizzle-orm, node-postgres,
// PGlite, pg-boss, or a module marked `server-only` (scripts/lib/browser-chunks.ts lists the
// markers). `npm test` runs it after building, before the end-to-end tests.
//
//   npx tsx scripts/check-browser-chunks.ts            # the build in NEXT_DIST_DIR, else .next
//   npx tsx scripts/check-browser-chunks.ts --build    # build first when the sources changed
//   npx tsx scripts/check-browser-chunks.ts .next-perf # another build folder
import { buildIfNeeded } from "./lib/build-if-needed";
import { scanBrowserChunks } from "./lib/browser-chunks";
import { print, printError } from "./lib/terminal";

const args = process.argv.slice(2);
const distDir = args.find((a) => !a.startsWith("--")) ?? process.env.NEXT_DIST_DIR ?? ".next";

try {
  if (args.includes("--build")) buildIfNeeded({ ...process.env, NEXT_DIST_DIR: distDir });
  const scan = scanBrowserChunks(distDir);
  print(`[browser chunks] ${scan.files} files, ${(scan.bytes / 1024).toFixed(0)} kB in ${scan.dir}`);
  for (const f of scan.findings) printError(`[browser chunks] ${f.marker} in ${f.file}: …${f.excerpt}…`);
  if (scan.findings.length) {
    const files = new Set(scan.findings.map((f) => f.file)).size;
    printError(`[browser chunks] server code in ${files} browser chunk${files === 1 ? "" : "s"}: a client component imports it (follow its imports from "use client")`);
    process.exit(1);
  }
  print("[browser chunks] no server code");
} catch (err) {
  printError(`[browser chunks] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
