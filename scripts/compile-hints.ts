// Gives a production build's first-load chunks V8's compile hint (scripts/lib/compile-hints.ts).
// `npm run build` runs it after `next build`; the portal's own build step (scripts/lib/
// build-if-needed.ts: `npm start`, the tests, the bench) does the same.
//
//   npx tsx scripts/compile-hints.ts            # the build in NEXT_DIST_DIR, else .next
//   npx tsx scripts/compile-hints.ts .next-perf # another build folder
import { addCompileHints } from "./lib/compile-hints";
import { print, printError } from "./lib/terminal";

const distDir = process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next";
try {
  const { marked, already } = addCompileHints(distDir);
  print(`[compile hints] ${marked} first-load chunks marked, ${already} already marked, in ${distDir}`);
} catch (err) {
  printError(`[compile hints] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
