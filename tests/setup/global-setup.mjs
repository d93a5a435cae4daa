import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminUrl, createTestDatabase, dropStaleTestDatabases, postgresReachable } from "./test-databases.mjs";

/**
 * Integration tests run against a real PostgreSQL: one fresh, migrated database per Jest worker.
 * When no PostgreSQL server can be reached, they fall back to the embedded database (PGlite),
 * one data directory per worker, and say so.
 */
export default async function globalSetup(globalConfig) {
  const workers = Math.max(1, globalConfig.maxWorkers ?? 1);
  const run = `${Date.now()}_${process.pid}`;
  if (await postgresReachable()) {
    const name = `dvp_it_${run}`;
    await dropStaleTestDatabases("dvp_it_").catch(() => {});
    await createTestDatabase(name, workers);
    process.env.TEST_DB_NAME = name;
    console.log(`\n[integration] PostgreSQL at ${new URL(adminUrl).host}: databases ${name}_1..${workers}`);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-it-"));
    process.env.TEST_EMBEDDED_DIR = dir;
    console.warn(`\n[integration] PostgreSQL is not reachable at ${new URL(adminUrl).host}: using the embedded database (PGlite) in ${dir}`);
  }
}
