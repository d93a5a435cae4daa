import { defineScheduledJob } from "../define-job";

/**
 * The nightly check of the audit trail: the same walk as `npm run audit:verify` (every link of the
 * audit entries' and security events' hash chains, and the signed retention markers). When a link
 * is broken, every admin is notified, once per break (a break found again the next night is the
 * same one), and the break is logged for operators. Read-only, so idempotent.
 */
export const verifyAuditTrailJob = defineScheduledJob("audit.verify", { retries: 2, delaySeconds: 300, expireInSeconds: 60 * 60 }, () => import("./verify-audit-trail.handler"));
