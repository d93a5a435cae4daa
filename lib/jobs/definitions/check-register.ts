import { z } from "zod";
import { CompaniesHouseError } from "@/lib/integrations/companies-house/errors";
import { auditRegisterCheckAttemptFailed } from "@/lib/server/companies-house/register-check-attempt-failed";
import { recordRegisterCheckGivenUp } from "@/lib/server/companies-house/register-check-give-up";
import { runRegisterCheck } from "@/lib/server/companies-house/register-check-run";
import { defineJob, type RetryPolicy } from "../define-job";

/**
 * Companies House is down for minutes at a time and its rate limit resets every five minutes:
 * eight more attempts, doubling from a minute up to an hour apart, cover about five hours before
 * the check is recorded as not made and admins are told.
 */
const retry: RetryPolicy = { retries: 8, delaySeconds: 60, backoff: true, maxDelaySeconds: 3600 };

/**
 * The register check of one individual after their identity check passed
 * (lib/server/companies-house/register-check-run.ts), sent in the transaction of the pass
 * (register-check-enqueue.ts) so that a slow register never delays the webhook or the review.
 * A register that is unavailable or rate-limited is retried with backoff, each failed attempt
 * audited; one that refuses the request (a bad key, a bad answer) is given up at once; either way
 * the last failure records the check as `register_unavailable` and tells the admins.
 */
export const checkRegisterJob = defineJob({
  name: "register.check",
  schema: z.object({ directorId: z.number().int().positive(), requestedBy: z.string().min(1).max(320).optional() }),
  retry,
  expireInSeconds: 15 * 60,
  async run({ directorId }, { db, jobId, attempt }) {
    try {
      await runRegisterCheck({ db, directorId, jobId, attempt });
    } catch (err) {
      if (!(err instanceof CompaniesHouseError)) throw err;
      const willRetry = err.retryable && attempt <= retry.retries;
      await auditRegisterCheckAttemptFailed(db, { directorId, attempt, willRetry, err });
      if (err.retryable) throw err;
      await db.transaction((tx) => recordRegisterCheckGivenUp(tx, { directorId, jobId, attempts: attempt, error: err.message }));
    }
  },
  async onFailed({ directorId }, { db, jobId, error }) {
    await recordRegisterCheckGivenUp(db, { directorId, jobId, attempts: retry.retries + 1, error });
  },
});
