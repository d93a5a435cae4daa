import type { DirectorStatus } from "./values";

/*
 * Whether a director may still withdraw one of their uploads (row and bytes removed), or only hide
 * it from themselves (kept for the retention period): issue 18 item 5, DESIGN.md §4 "Evidence and
 * retention". Pure: the caller reads when a review last ended from the audit trail.
 */

/** The statuses before any review: no one at the firm has looked at the director's uploads yet. */
export const preReviewStatuses: readonly DirectorStatus[] = ["AwaitingIDInfo", "IDVLinkExpired", "OutstandingIDInfo"];

/**
 * An upload is withdrawable while the director is in a status before review and it was uploaded
 * after the director last left a status in which staff could have reviewed it (UnderReview, or any
 * later one: a decision, a reopening, an override). `reviewEndedAt` is that last departure, null when
 * the director has never been past the pre-review statuses. Anything else may have been seen by a
 * reviewer and is evidence that the 7-year retention keeps.
 */
export function canWithdrawEvidence(status: DirectorStatus, uploadedAt: Date, reviewEndedAt: Date | null): boolean {
  if (!preReviewStatuses.includes(status)) return false;
  return reviewEndedAt === null || uploadedAt.getTime() > reviewEndedAt.getTime();
}
