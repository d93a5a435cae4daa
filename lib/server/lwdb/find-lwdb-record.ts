import "server-only";
import type { Db } from "@/db";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { getLwdb, type LwdbRecord } from "@/lib/integrations/lwdb";
import { AppError } from "@/lib/server/app-error";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";

/**
 * Look-ups allowed per caller address in a window. Each answer hands an anonymous caller a
 * customer's contact and billing details, so even a caller who passes the bot check may not try
 * codes and names at length. Counted before the look-up, found or not; the Existing journey's
 * request counts against the same limit (its customer code is a look-up too).
 */
export const lwdbLookupLimits = { perIp: 10, windowSeconds: 15 * 60 };

/**
 * Counts one look-up of a customer code from `ip` against the limit every such look-up shares: this
 * route's prefill and the Existing journey's request (which checks its customer code), so neither
 * is a way round the other. Over it: a `rate_limited` error (429 with Retry-After), recorded.
 * Outside any transaction of the caller's, so a refused look-up is still counted.
 */
export async function assertLwdbLookupAllowed({ db, ip, userAgent, form, now = new Date() }: { db: Db; ip: string; userAgent: string; form: string; now?: Date }): Promise<void> {
  const limit = await hitRateLimit(db, `lwdb-record:ip:${ip}`, lwdbLookupLimits.perIp, lwdbLookupLimits.windowSeconds, now);
  if (limit.allowed) return;
  await recordSecurityEvent(db, { event: "RateLimited", actor: "anonymous", ip, userAgent, detail: { limit: "ip", form } });
  throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });
}

/**
 * The existing customer's record that prefills the request form of the Existing journey: the one
 * whose customer code (the link's `lwdbNumber`) and company name both match. None: a `not_found`
 * error with a message saying what to do. Too many look-ups from the address: `rate_limited`.
 */
export async function findLwdbRecord({
  db,
  query,
  ip,
  userAgent,
  now = new Date(),
}: {
  db: Db;
  query: { name: string; customerCode: string };
  ip: string;
  userAgent: string;
  now?: Date;
}): Promise<LwdbRecord> {
  await assertLwdbLookupAllowed({ db, ip, userAgent, form: "lwdb-record", now });
  const record = await getLwdb(db).find(query);
  if (!record) throw new AppError("not_found", "lwdb_not_found");
  return record;
}
