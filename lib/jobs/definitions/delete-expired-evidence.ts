import { defineScheduledJob } from "../define-job";

/** The moment `years` whole years before `now` (29 February counts back to 28 February). */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(now.getUTCFullYear() - years);
  if (cutoff.getUTCDate() !== now.getUTCDate()) cutoff.setUTCDate(0);
  return cutoff;
}

/**
 * Evidence of an identity check (uploaded files and their bytes, the provider's media and kept
 * copies, check results, earlier addresses, former names) is kept EVIDENCE_RETENTION_YEARS (7)
 * from the check's completion, then deleted here, once a day, leaving an `EvidenceDeleted` audit
 * entry per director. The director's record itself (name, email, current address, status, dates)
 * stays. Idempotent: a second run finds nothing; a director locked by another transaction is left
 * for the next run (delete-expired-evidence.handler.ts).
 */
export const deleteExpiredEvidenceJob = defineScheduledJob("evidence.delete-expired", { retries: 3, delaySeconds: 300, expireInSeconds: 60 * 60 }, () => import("./delete-expired-evidence.handler"));
