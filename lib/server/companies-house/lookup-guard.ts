import "server-only";
import type { Db } from "@/db";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { CompaniesHouseError } from "@/lib/integrations/companies-house";
import { AppError } from "@/lib/server/app-error";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";

/*
 * What the public Companies House look-ups of the request form share: their rate limits and how a
 * register that cannot answer is told to the browser.
 *
 * The look-ups answer as people type (debounced in the browser), so they carry no bot check: a
 * token per keystroke is not to be had. Limits per client address are the defence (docs/security.md).
 * What they hand out is the public register, which anyone may read at Companies House; what they
 * cost is the portal's shared request budget at Companies House (600 per 5 minutes for the key),
 * which the company look-up spares by its cache and the search, never cached, by a cap of its own
 * over all callers.
 */

export const companyLookupLimits = {
  /** Company look-ups (by number) per client address per window: a person tries a few numbers. */
  perIp: 100,
  windowSeconds: 5 * 60,
};

export const companySearchLimits = {
  /** Name searches per client address per window: about one per word typed. */
  perIp: 200,
  windowSeconds: 5 * 60,
  /** Searches of all callers together per window: half the key's budget at most goes to them. */
  overall: 300,
};

type Limit = { key: string; limit: number; windowSeconds: number; who: "ip" | "overall" };

/**
 * Counts one look-up against each of `limits` (outside any transaction, so refused ones count too).
 * Over any: a `rate_limited` error (429 with Retry-After), recorded as a security event.
 */
export async function assertLookupAllowed({ db, limits, ip, userAgent, form, now = new Date() }: { db: Db; limits: Limit[]; ip: string; userAgent: string; form: string; now?: Date }): Promise<void> {
  let retryAfterSeconds = 0;
  let over: Limit | undefined;
  for (const l of limits) {
    const hit = await hitRateLimit(db, l.key, l.limit, l.windowSeconds, now);
    if (!hit.allowed) {
      over ??= l;
      retryAfterSeconds = Math.max(retryAfterSeconds, hit.retryAfterSeconds);
    }
  }
  if (!over) return;
  await recordSecurityEvent(db, { event: "RateLimited", actor: "anonymous", ip, userAgent, detail: { limit: over.who, form } });
  throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds });
}

/**
 * The register could not answer (down, slow, the key's budget spent, a refused key): a 503 the form
 * reads as "type the details yourself". Anything else is not the register's failure and is thrown on.
 */
export function unavailableUnlessOurs(err: unknown): never {
  if (err instanceof CompaniesHouseError) {
    throw new AppError("unavailable", "companies_house_unavailable", { reason: "register_unavailable", retryAfterSeconds: err.code === "rate_limited" ? 60 : 10 });
  }
  throw err;
}
