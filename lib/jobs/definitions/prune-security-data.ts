import { defineScheduledJob } from "../define-job";

/**
 * A rate-limit row whose window started this long ago counts for nothing: every limit uses a
 * window far shorter (sign-in links and enquiries: 15 minutes). A new hit on a deleted key simply
 * starts a new window, as it would have on the stale row.
 */
export const rateLimitRowMaxAgeSeconds = 24 * 60 * 60;

/**
 * What anonymous traffic leaves behind: rate-limit counters of windows long over, and security
 * events older than SECURITY_EVENT_RETENTION_DAYS (leaving a signed marker in their chain, so
 * `npm run audit:verify` still passes). Also drops the sealed token of any sign-in link
 * that expired before its email went (the worker was down), so no secret outlives its link.
 * Idempotent: a second run finds nothing to do (prune-security-data.handler.ts).
 */
export const pruneSecurityDataJob = defineScheduledJob("maintenance.prune-security-data", { retries: 2, delaySeconds: 60, expireInSeconds: 30 * 60 }, () => import("./prune-security-data.handler"));
