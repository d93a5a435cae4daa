/**
 * `npm run bench` — the admin client search at scale (DESIGN.md §8), measured in-process.
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
 * The server modules import "server-only", which throws outside a React Server Components build;
 * a module hook resolves it to an empty module before the benchmark loads them.
 */
import { register } from "node:module";

const shim = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {}", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(shim)}`);

await import("./bench/run");
