import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "./schema";
import { traceQueries } from "../lib/tracing/trace-queries";
import { log } from "../lib/log";

/**
 * Both back ends expose the same Drizzle API (PgDatabase); the app is written against this one type.
 * The PGlite database differs only in the shape of raw `execute` results, which the app reads
 * through `rowsOf` below.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "postgres" | "embedded";
  /** The connection pool (PostgreSQL only), for its gauges in the metrics. */
  pool?: Pool;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  acquireTimeoutMs?: number;
  /** Apply pending migrations on open. Always done for the embedded database. */
  migrate?: boolean;
}

export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/** Rows of a raw `db.execute(sql\`...\`)` result, whichever driver produced it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openEmbedded(options.dataDir ?? ".data");
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const pool = new Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    // Waiting for a free connection longer than this fails fast (503) instead of hanging.
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 60_000,
    application_name: "director-verification-portal",
    // No JIT compilation: this is short queries answered in milliseconds, where compiling costs
    // more than it saves (a search probing 100,000 clients crossed the cost threshold and paid 5-300 ms).
    options: "-c jit=off",
  });
  // A dropped idle connection (database restart) must not crash the process; the pool replaces it.
  pool.on("error", (err) => log.error({ err }, `[db] idle client error: ${err.message}`));
  // Every query gets a span when traces are recorded (lib/tracing/trace-queries.ts).
  pool.on("connect", (client) => traceQueries(client));
  const db = drizzlePg(pool, { schema, casing: "snake_case" });
  if (options.migrate) await migratePostgres(db, pool);
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

/** Migrations under a session-level advisory lock, so concurrent starters do not race. */
async function migratePostgres(db: Db, pool: Pool) {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727274)");
    // A migration that rebuilds kept data (0017 at a million directors) takes longer than the
    // pool's per-statement limit; only this connection lifts it, until it is back in the pool.
    await client.query("SET statement_timeout = 0");
    await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
    await client.query("RESET statement_timeout").catch(() => undefined);
    client.release();
  }
  void db;
}

async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.resolve(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  // A process killed with SIGKILL leaves its lock file behind. PGlite is single-process: the
  // lock file belongs to a process that no longer exists, so it is safe to remove it.
  removeStaleLock(dir);
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  writeLock(dir);
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: "embedded",
    close: async () => {
      await client.close();
      releaseLock(dir);
    },
  };
}

const lockName = "portal.lock";

function writeLock(dir: string) {
  fs.writeFileSync(path.join(dir, "..", lockName), String(process.pid));
}

function releaseLock(dir: string) {
  fs.rmSync(path.join(dir, "..", lockName), { force: true });
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function removeStaleLock(dir: string) {
  const ours = path.join(dir, "..", lockName);
  if (fs.existsSync(ours)) {
    const pid = Number(fs.readFileSync(ours, "utf8"));
    if (pid && pid !== process.pid && processAlive(pid)) {
      throw new Error(
        `The embedded database in ${path.dirname(ours)} is in use by process ${pid}. ` +
          "Stop it first, or set DATABASE_URL to use PostgreSQL.",
      );
    }
    fs.rmSync(ours, { force: true });
  }
  fs.rmSync(path.join(dir, "postmaster.pid"), { force: true });
}

/** Is the database reachable, and are all migrations in the folder applied? */
export async function checkDatabase(db: Db): Promise<{ reachable: boolean; migrationsCurrent: boolean; pending: number }> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    return { reachable: false, migrationsCurrent: false, pending: -1 };
  }
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  let applied: { created_at: string }[] = [];
  try {
    applied = rowsOf<{ created_at: string }>(
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
    );
  } catch {
    applied = [];
  }
  const appliedAt = new Set(applied.map((r) => Number(r.created_at)));
  const pending = journal.entries.filter((e) => !appliedAt.has(e.when)).length;
  return { reachable: true, migrationsCurrent: pending === 0, pending };
}
