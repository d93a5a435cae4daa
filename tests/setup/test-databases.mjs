// Creates and drops the throw-away PostgreSQL databases of one test run. Plain JavaScript so that
// Jest's global setup, the end-to-end harness and the benchmark can all use it without a compiler.
import path from "node:path";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { applyReadModel } from "../../db/search/apply.mjs";

export const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function postgresReachable() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(fn) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database, migrated and with the search's read model (db/search/), optionally copied into `copies` more databases named `${name}_${i}`. */
export async function createTestDatabase(name, copies = 0) {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const pool = new pg.Pool({ connectionString: databaseUrl(name), max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    await applyReadModel({ query: async (text) => (await pool.query(text)).rows, exec: (text) => pool.query(text) });
  } finally {
    await pool.end();
  }
  for (let i = 1; i <= copies; i++) {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${name}_${i}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${name}_${i}" TEMPLATE "${name}"`);
    });
  }
  return databaseUrl(name);
}

/** Drops a run's databases (the named one and its copies). */
export async function dropTestDatabases(name) {
  await admin(async (c) => {
    const { rows } = await c.query("SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2", [name, `${name}\\_%`]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  });
}

/** Drops databases left by earlier runs that were killed (older than a day by name). */
export async function dropStaleTestDatabases(prefix) {
  const cutoff = Date.now() - 24 * 3600 * 1000;
  await admin(async (c) => {
    const { rows } = await c.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}%`]);
    for (const r of rows) {
      const ts = Number(r.datname.slice(prefix.length).split("_")[0]);
      if (ts && ts < cutoff) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => {});
    }
  });
}
