import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import { Client, Pool, type PoolClient } from "pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { databaseRoles } from "../lib/env";
import * as schema from "./schema";
import { traceQueries } from "../lib/tracing/trace-queries";
import { log } from "../lib/log";
import { applyReadModel } from "./search/apply.mjs";

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
  /**
   * PostgreSQL: the tables' owner, which migrations run as (default: DATABASE_MIGRATION_URL, else
   * `databaseUrl`). The pool itself always connects with `databaseUrl`.
   */
  migrationUrl?: string;
  /**
   * PostgreSQL: the application's role, granted its privileges (on the audit tables only SELECT and
   * INSERT) after migrating (default: DATABASE_APP_ROLE, else `databaseUrl`'s user when the
   * migration URL names another user).
   */
  appRole?: string;
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
    // more than it saves (docs/speed.md "Figures behind design choices").
    options: "-c jit=off",
  });
  // A dropped idle connection (database restart) must not crash the process; the pool replaces it.
  pool.on("error", (err) => log.error({ err }, `[db] idle client error: ${err.message}`));
  // Every query gets a span when traces are recorded (lib/tracing/trace-queries.ts).
  pool.on("connect", (client) => traceQueries(client));
  const db = drizzlePg(pool, { schema, casing: "snake_case" });
  if (options.migrate) {
    try {
      await migratePostgres(pool, url, options);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
  }
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

function userOf(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/** Journal entries the database has not recorded as applied (all of them before the first migration). */
async function pendingMigrations(client: { query(text: string): Promise<{ rows: { created_at: string }[] }> }): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  let applied: { created_at: string }[] = [];
  try {
    applied = (await client.query("select created_at from drizzle.__drizzle_migrations")).rows;
  } catch {
    applied = [];
  }
  const appliedAt = new Set(applied.map((r) => Number(r.created_at)));
  return journal.entries.filter((e) => !appliedAt.has(e.when)).length;
}

/**
 * Migrations under a session-level advisory lock, so concurrent starters do not race; as the
 * owner (the migration URL) when one is configured, else on one of the pool's connections. Nothing
 * is run when every migration is applied, so a process of the application's own role, which may
 * not create tables, opens the database as long as no migration is pending. Then the application's
 * role, if it is not the owner, is granted its privileges (migration 0037's portal_grant_app_role:
 * on the audit tables only SELECT and INSERT); idempotent, so every run brings new tables in.
 * The admin search's read model (db/search/apply.mjs) is applied after the migrations, under the
 * same lock, when its files changed.
 */
async function migratePostgres(pool: Pool, url: string, options: OpenOptions) {
  const roles = databaseRoles();
  const migrationUrl = options.migrationUrl ?? roles.migrationUrl ?? url;
  const separate = migrationUrl !== url;
  const appRole = options.appRole ?? roles.appRole ?? (separate && userOf(url) !== userOf(migrationUrl) ? userOf(url) : undefined);
  const own = separate
    ? new Client({ connectionString: migrationUrl, connectionTimeoutMillis: options.acquireTimeoutMs ?? 3000, application_name: "director-verification-portal-migrate" })
    : null;
  if (own) await own.connect();
  const client = own ?? (await pool.connect());
  try {
    await client.query("SELECT pg_advisory_lock(727274)");
    // A migration that rebuilds kept data (0017 at a million directors) takes longer than the
    // pool's per-statement limit; only this connection lifts it, until it is back in the pool.
    await client.query("SET statement_timeout = 0");
    const pending = await pendingMigrations(client);
    if (pending > 0) {
      try {
        await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
      } catch (err) {
        const { rows } = await client
          .query<{ may: boolean }>("select has_schema_privilege(current_user, 'public', 'CREATE') as may")
          .catch(() => ({ rows: [{ may: true }] }));
        if (rows[0]?.may === false) {
          throw new Error(
            `${pending} migration(s) pending, and the database user ${userOf(migrationUrl)} may not apply them: run \`npm run db:migrate\` with DATABASE_MIGRATION_URL naming the tables' owner (${err instanceof Error ? err.message : String(err)})`,
          );
        }
        throw err;
      }
    }
    // The admin search's read model (db/search/), after the migrations; only when it changed.
    await applyReadModel({ query: async (text) => (await client.query(text)).rows, exec: (text) => client.query(text) }).catch((err: unknown) => {
      throw new Error(
        `the admin search's read model (db/search/) changed, and the database user ${userOf(migrationUrl)} could not apply it: run \`npm run db:migrate\` with DATABASE_MIGRATION_URL naming the tables' owner (${err instanceof Error ? err.message : String(err)})`,
      );
    });
    if (appRole) {
      const { rows } = await client.query<{ me: string }>("select current_user as me");
      if (rows[0]?.me !== appRole) await client.query("select portal_grant_app_role($1)", [appRole]);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
    await client.query("RESET statement_timeout").catch(() => undefined);
    if (own) await own.end().catch(() => undefined);
    else (client as PoolClient).release();
  }
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
  await applyReadModel({ query: async (text) => (await client.query<Record<string, unknown>>(text)).rows, exec: (text) => client.exec(text) });
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
  const pending = await pendingMigrations({ query: async (text) => ({ rows: rowsOf<{ created_at: string }>(await db.execute(sql.raw(text))) }) });
  return { reachable: true, migrationsCurrent: pending === 0, pending };
}
