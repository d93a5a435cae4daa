import { getEnv } from "@/lib/env";
import { openDatabase, type DatabaseHandle, type Db } from "./client";

export type { Db, Tx, DbOrTx } from "./client";

const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DatabaseHandle> };

/**
 * The process's database: PostgreSQL through a bounded node-postgres pool when DATABASE_URL is set,
 * otherwise the embedded PGlite database under DATA_DIR (migrated on open). Opened once per process.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  if (!globalForDb.__dbHandle) {
    const env = getEnv();
    globalForDb.__dbHandle = openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolMax: env.DATABASE_POOL_MAX,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
    }).catch((err) => {
      globalForDb.__dbHandle = undefined;
      throw err;
    });
  }
  return globalForDb.__dbHandle;
}

/**
 * The process's database if something has opened it, without opening it: for work that is only
 * worth doing beside a database already in use (recording an outside call's state), never a reason
 * to open one (a unit test calling an adapter).
 */
export function openedDatabase(): Promise<DatabaseHandle> | undefined {
  return globalForDb.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Closes the process's database (tests, scripts, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const handle = globalForDb.__dbHandle;
  globalForDb.__dbHandle = undefined;
  if (handle) await (await handle).close();
}
