import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";

export type BudgetAnswer = { granted: true; used: number } | { granted: false; used: number; waitMs: number };

/** Requests of one API key per window, counted across processes. */
export interface RateBudget {
  /**
   * Counts one request if the window has room for it, leaving `reserve` requests of the window to
   * other callers (background work leaves room for people waiting on a page). Otherwise says how
   * long until the window ends; nothing is counted then.
   */
  take(options?: { reserve?: number }): Promise<BudgetAnswer>;
}

/** The budget row's key: a hash of the API and key, so the key itself is never stored. */
export function budgetKey(apiUrl: string, apiKey: string): string {
  return crypto.createHash("sha256").update(`${apiUrl}\n${apiKey}`).digest("hex").slice(0, 32);
}

/**
 * The budget in `companies_house_budget`: one fixed window per key, started by the first request
 * after the last one ended. Each take is one statement: an upsert that either starts a new window,
 * or adds one to `used` while it is under the cap, and returns the row; when it changed nothing
 * the same statement reads the row to say when the window ends (measured by the database's clock,
 * so the processes' clocks need not agree). Concurrent takes queue on the row's lock, so the cap is
 * never passed, however many processes ask at once.
 */
export function databaseRateBudget(options: { db: () => Promise<Db>; key: string; limit: number; windowSeconds: number }): RateBudget {
  const { key, limit, windowSeconds } = options;
  return {
    async take({ reserve = 0 } = {}) {
      const cap = Math.max(1, limit - reserve);
      const db = await options.db();
      const expired = sql`b.window_start <= now() - make_interval(secs => ${windowSeconds})`;
      const rows = rowsOf<{ granted: boolean; used: number; wait_ms: number | string }>(
        await db.execute(sql`
          with taken as (
            insert into companies_house_budget as b (key, window_start, used) values (${key}, now(), 1)
            on conflict (key) do update set
              window_start = case when ${expired} then now() else b.window_start end,
              used = case when ${expired} then 1 else b.used + 1 end
            where ${expired} or b.used < ${cap}
            returning b.used
          )
          select true as granted, used, 0::float8 as wait_ms from taken
          union all
          select false, b.used, greatest(0, extract(epoch from (b.window_start + make_interval(secs => ${windowSeconds}) - clock_timestamp())) * 1000)::float8
          from companies_house_budget b
          where b.key = ${key} and not exists (select 1 from taken)`),
      );
      const row = rows[0];
      // No row: another process created the key's row in this very instant, after this statement's
      // snapshot was taken. Ask again shortly.
      if (!row) return { granted: false, used: 0, waitMs: 20 };
      if (row.granted) return { granted: true, used: Number(row.used) };
      // At least a few milliseconds, so a window ending this instant is not asked about in a busy loop.
      return { granted: false, used: Number(row.used), waitMs: Math.max(5, Math.ceil(Number(row.wait_ms))) };
    },
  };
}
