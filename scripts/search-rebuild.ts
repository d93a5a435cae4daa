/**
 * `npm run search:rebuild` — writes the admin search's side tables again from directors and
 * clients (db/search/06-rebuild.sql), online, then checks them (db/search/05-checks.sql):
 *
 *   exit 0  every table rebuilt, and every check finds nothing
 *   exit 1  rebuilt, but a check still finds a difference (a writer changed rows during the
 *           rebuild in a way the triggers missed: run it again, and report it)
 *   exit 2  it could not run (configuration, database)
 *
 * Each rebuild is one statement in its own transaction: searches keep answering (each table is
 * seen before or after, never half written) and writers wait at most for that statement. Then
 * VACUUM ANALYZE, since a rebuild leaves each copy twice its size. For use after a bulk load with
 * the triggers off, or when the nightly check (job `search.check`) notified the admins.
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database under DATA_DIR (.data).
 */
import { openDatabase } from "../db/client";
import { getEnv } from "../lib/env";
import { checkSearchModel } from "../lib/server/search-model/check-search-model";
import { rebuildSearchModel } from "../lib/server/search-model/rebuild-search-model";
import { print, printError } from "./lib/terminal";

async function main() {
  const env = getEnv();
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, statementTimeoutMs: 0 });
  try {
    const before = await checkSearchModel({ db: handle.db });
    print(`[search:rebuild] before: ${before.length === 0 ? "every check finds nothing" : before.map((d) => `${d.check}() lists ${d.rows}`).join(", ")}`);
    await rebuildSearchModel({
      db: handle.db,
      onStep: (step, state, ms) => print(state === "start" ? `[search:rebuild] ${step} …` : `[search:rebuild] ${step} done (${ms} ms)`),
    });
    const after = await checkSearchModel({ db: handle.db });
    if (after.length > 0) {
      printError(`[search:rebuild] rebuilt, but ${after.map((d) => `${d.check}() lists ${d.rows}`).join(", ")}`);
      process.exitCode = 1;
      return;
    }
    print(`[search:rebuild] rebuilt and checked: every check finds nothing (${before.length} differed before; ${Date.now() - started} ms)`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  printError(`[search:rebuild] could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
