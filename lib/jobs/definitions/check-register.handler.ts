import { CompaniesHouseError } from "@/lib/integrations/companies-house/errors";
import { auditRegisterCheckAttemptFailed } from "@/lib/server/companies-house/register-check-attempt-failed";
import { recordRegisterCheckGivenUp } from "@/lib/server/companies-house/register-check-give-up";
import { runRegisterCheck } from "@/lib/server/companies-house/register-check-run";
import type { JobContext } from "../define-job";
import type { FailedJobContext } from "../lazy";
import { checkRegisterRetry as retry, type CheckRegisterPayload } from "./check-register";

/** One attempt of the register check (check-register.ts): a refusal no retry can mend is given up at once. */
export async function run({ directorId }: CheckRegisterPayload, { db, jobId, attempt }: JobContext) {
  try {
    await runRegisterCheck({ db, directorId, jobId, attempt });
  } catch (err) {
    if (!(err instanceof CompaniesHouseError)) throw err;
    const willRetry = err.retryable && attempt <= retry.retries;
    await auditRegisterCheckAttemptFailed(db, { directorId, attempt, willRetry, err });
    if (err.retryable) throw err;
    await db.transaction((tx) => recordRegisterCheckGivenUp(tx, { directorId, jobId, attempts: attempt, error: err.message }));
  }
}

export async function onFailed({ directorId }: CheckRegisterPayload, { db, jobId, error }: FailedJobContext) {
  await recordRegisterCheckGivenUp(db, { directorId, jobId, attempts: retry.retries + 1, error });
}
