import { z } from "zod";
import { defineJob } from "../define-job";
import { lazy } from "../lazy";

export const verifyAuditTrailPayload = z.object({}).strict();
export type VerifyAuditTrailPayload = z.infer<typeof verifyAuditTrailPayload>;

/**
 * The nightly check of the audit trail: the same walk as `npm run audit:verify` (every link of the
 * audit entries' and security events' hash chains, and the signed retention markers). When a link
 * is broken, every admin is notified, once per break (a break found again the next night is the
 * same one), and the break is logged for operators. Read-only, so idempotent.
 */
export const verifyAuditTrailJob = defineJob({
  name: "audit.verify",
  schema: verifyAuditTrailPayload,
  retry: { retries: 2, delaySeconds: 300, backoff: true },
  expireInSeconds: 60 * 60,
  run: lazy(() => import("./verify-audit-trail.handler"), "run"),
});
