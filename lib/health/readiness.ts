import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, rowsOf, type DatabaseHandle } from "@/db/client";

/**
 * Readiness (docs/operations.md "Health"): may this instance be sent traffic? Three checks, each
 * answered within `timeoutMs`:
 * - database: it answers `select 1`;
 * - migrations: every migration this build knows (its journal) is applied, as drizzle's own table
 *   records them (an instance of an older build beside a newer database is still ready:
 *   migrations only add); the first one missing is named;
 * - queue: this process's job queue (pg-boss) has started.
 * Liveness is simpler: the process answers at all (GET /api/health/live).
 */
export type CheckName = "database" | "migrations" | "queue";

export interface Readiness {
  ready: boolean;
  /** Each check: "ok", or what is wrong in a few words. */
  checks: Record<CheckName, string>;
  /** The checks that did not pass, in order. */
  failed: CheckName[];
}

export interface ReadinessSources {
  /** The process's database (opened on first use). */
  database: () => Promise<DatabaseHandle>;
  /** Whether the process's job queue has started. */
  queueStarted: () => boolean;
  /** The migrations of this build (default: the entries of db/migrations/meta/_journal.json). */
  migrations?: () => readonly Migration[];
  timeoutMs?: number;
}

export interface Migration {
  tag: string;
  /** The journal's `when`: drizzle records it as the migration's `created_at`. */
  when: number;
}

let journal: readonly Migration[] | undefined;

/** The migrations of this build, from its journal, read once per process. */
export function buildMigrations(): readonly Migration[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: Migration[] }).entries.map((e) => ({ tag: e.tag, when: e.when }));
  return journal;
}

class TimedOut extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const timeoutMs = sources.timeoutMs ?? 2000;
  const checks: Record<CheckName, string> = { database: "ok", migrations: "ok", queue: "ok" };

  let applied: Set<number> | undefined;
  try {
    const { db } = await within(sources.database(), timeoutMs);
    await within(db.execute(sql`select 1`), timeoutMs);
    try {
      const rows = rowsOf<{ created_at: string | number }>(await within(db.execute(sql`select created_at from drizzle.__drizzle_migrations`), timeoutMs));
      applied = new Set(rows.map((r) => Number(r.created_at)));
    } catch (err) {
      checks.migrations = err instanceof TimedOut ? "no answer in time" : "not applied (no migrations table)";
    }
  } catch (err) {
    checks.database = err instanceof TimedOut ? "no answer in time" : "unreachable";
    checks.migrations = "unknown";
  }

  if (applied !== undefined) {
    const missing = (sources.migrations ?? buildMigrations)().find((m) => !applied.has(m.when));
    if (missing) checks.migrations = `${missing.tag} not applied`;
  }
  if (!sources.queueStarted()) checks.queue = "not started";

  const failed = (Object.keys(checks) as CheckName[]).filter((k) => checks[k] !== "ok");
  return { ready: failed.length === 0, checks, failed };
}
