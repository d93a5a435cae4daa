import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "@/db/client";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window, atomically in PostgreSQL, so the limit holds
 * across processes and restarts.
 */
export async function hitRateLimit(db: DbOrTx, key: string, limit: number, windowSeconds: number, now = new Date()): Promise<RateLimitResult> {
  const windowStartFloor = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = rowsOf<{ count: number; window_start: Date | string }>(
    await db.execute(sql`
      insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
      on conflict (key) do update set
        count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${now} else rate_limits.window_start end
      returning count, window_start`),
  );
  const count = Number(row!.count);
  const started = new Date(row!.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + windowSeconds * 1000 - now.getTime()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}
