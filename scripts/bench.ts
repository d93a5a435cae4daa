/**
 * `npm run bench` — the admin client search at scale (docs/speed.md), measured in-process.
 *
 *   npm run bench
 *   npm run bench -- --clients 10000 --directors 100000 --iterations 200 --keep
 *
 * Creates its own PostgreSQL database (dvp_bench_<timestamp>, on TEST_DATABASE_ADMIN_URL or
 * postgres://postgres@127.0.0.1:5432), seeds it with the large-data generator, then times the
 * search server function and its route handler for typical queries, next to trivial route handlers
 * in the same run. Prints a table and writes a JSON summary under bench-results/. See
 * scripts/bench/run.ts for the details and `--help` for every flag.
 *
 * `npm run bench -- --pages` measures the pages people outside the firm use instead: the first-load
 * JavaScript of the sign-in page, the request form, the director's page and the contact's company
 * page beside a bare Next.js page, and their Lighthouse scores, mobile and desktop, median of three
 * runs (scripts/bench/public-pages.ts; `npm run bench -- --pages --help`).
 *
 * The server modules import "server-only": run it as package.json does, with
 * `--import ./scripts/lib/server-only-hook.mjs`, as every script that loads server code is.
 */
if (process.argv.includes("--pages")) {
  const { main } = await import("./bench/public-pages");
  await main(process.argv.slice(2));
} else {
  await import("./bench/run");
}
// A module (top-level await).
export {};
