// Operator task: apply pending migrations (`npm run db:migrate`). Uses DATABASE_URL, or the
// embedded database under DATA_DIR when it is unset. Safe to run from several machines at once.
// With DATABASE_MIGRATION_URL the migrations run as that user (the tables' owner), and the
// application's role (DATABASE_APP_ROLE, or DATABASE_URL's user) is then granted its privileges:
// on the audit tables only SELECT and INSERT (db/client.ts, README "Database roles").
import { openDatabase, checkDatabase } from "../db/client";
import { print, printError } from "./lib/terminal";

async function main() {
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? ".data",
    migrate: true,
  });
  try {
    const state = await checkDatabase(handle.db);
    print(`[migrate] ${handle.kind} database: ${state.migrationsCurrent ? "all migrations applied" : `${state.pending} pending`} (${Date.now() - started} ms)`);
    if (!state.migrationsCurrent) process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  printError(`[migrate] failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
