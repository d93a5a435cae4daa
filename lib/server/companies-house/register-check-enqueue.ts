import "server-only";
import type { DbOrTx } from "@/db";
import { sendJob } from "@/lib/jobs/send-job";

/**
 * Asks for the register check of an individual whose identity check has just passed (at the
 * provider, or by staff's approval of a review). Call it with the transaction that records the pass:
 * the job exists if and only if the pass commits, and the webhook or the review never waits for
 * Companies House. One job per pass (`passedAt`), however often the caller runs.
 */
export async function enqueueRegisterCheck(tx: DbOrTx, { directorId, passedAt }: { directorId: number; passedAt: Date }): Promise<void> {
  await sendJob(tx, "register.check", { directorId }, { key: `register-check:${directorId}:${passedAt.toISOString()}` });
}
