import pg from "pg";
import { openDatabase, type DatabaseHandle } from "@/db/client";
import { createTestDatabase, dropTestDatabases } from "../../setup/test-databases.mjs";

export interface OwnDatabase {
  /** The portal's handle on it (migrated with the read model by createTestDatabase, not again). */
  readonly handle: DatabaseHandle;
  /** Plain connections of the test's own, for writes the test times or runs side by side. */
  readonly pool: pg.Pool;
}

/**
 * The set-up of a test file that needs a database of its own, in place of a `beforeAll`/`afterAll`
 * pair in each (as setupTestDb, ./setup-test-db.ts, is for the worker's shared one): a fresh
 * migrated database named `${prefix}_<time>_<pid>` before the file's tests, with the portal's handle
 * and a pool of `poolMax` connections on it; closed and dropped after them. For a file that spoils
 * its database on purpose, or fills it with more than the shared one should hold.
 */
export function ownDatabase(prefix: string, { poolMax }: { poolMax: number }): OwnDatabase {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  let state: { handle: DatabaseHandle; pool: pg.Pool } | undefined;
  const opened = () => {
    if (!state) throw new Error(`${name} is opened before the file's tests, not at import`);
    return state;
  };

  // A pool with no listener turns an idle connection's error into an unhandled one that ends the
  // test file without saying which test it was in: they are kept and fail the test that saw them.
  const idleErrors: Error[] = [];
  beforeAll(async () => {
    const url = await createTestDatabase(name);
    const pool = new pg.Pool({ connectionString: url, max: poolMax });
    pool.on("error", (err) => idleErrors.push(err));
    state = { handle: await openDatabase({ databaseUrl: url, migrate: false }), pool };
  }, 120_000);

  afterEach(() => {
    const seen = idleErrors.splice(0);
    if (seen.length) throw new Error(`${name}: an idle connection failed during the test: ${seen.map((e) => e.message).join("; ")}`);
  });

  afterAll(async () => {
    await state?.pool.end();
    await state?.handle.close();
    await dropTestDatabases(name);
  });

  return {
    get handle() {
      return opened().handle;
    },
    get pool() {
      return opened().pool;
    },
  };
}
