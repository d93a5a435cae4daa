import { z } from "zod";
import type { RetryPolicy } from "../define-job";
import { defineHandledJob } from "../handled-job";

/**
 * Companies House is down for minutes at a time and its rate limit resets every five minutes:
 * eight more attempts, doubling from a minute up to an hour apart, cover about five hours before
 * the check is recorded as not made and admins are told.
 */
export const checkRegisterRetry: RetryPolicy = { retries: 8, delaySeconds: 60, backoff: true, maxDelaySeconds: 3600 };

export const checkRegisterPayload = z.object({ directorId: z.number().int().positive(), requestedBy: z.string().min(1).max(320).optional() });
export type CheckRegisterPayload = z.infer<typeof checkRegisterPayload>;

/**
 * The register check of one individual after their identity check passed
 * (lib/server/companies-house/register-check-run.ts), sent in the transaction of the pass
 * (register-check-enqueue.ts) so that a slow register never delays the webhook or the review.
 * A register that is unavailable or rate-limited is retried with backoff, each failed attempt
 * audited; one that refuses the request (a bad key, a bad answer) is given up at once; either way
 * the last failure records the check as `register_unavailable` and tells the admins
 * (check-register.handler.ts).
 */
export const checkRegisterJob = defineHandledJob(
  "register.check",
  checkRegisterPayload,
  { retry: checkRegisterRetry, expireInSeconds: 15 * 60 },
  () => import("./check-register.handler"),
);
