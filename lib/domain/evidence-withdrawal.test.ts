import { canWithdrawEvidence, preReviewStatuses } from "./evidence-withdrawal";
import { directorStatusValues } from "./values";

const at = (iso: string) => new Date(iso);

describe("canWithdrawEvidence", () => {
  it("allows withdrawal before any review in the pre-review statuses only", () => {
    for (const status of directorStatusValues) {
      expect(canWithdrawEvidence(status, at("2026-03-01T10:00:00Z"), null)).toBe(preReviewStatuses.includes(status));
    }
  });

  it("keeps what was uploaded before the last review ended, and lets the director withdraw what came after", () => {
    const reviewEnded = at("2026-03-02T09:00:00Z");
    expect(canWithdrawEvidence("OutstandingIDInfo", at("2026-03-01T10:00:00Z"), reviewEnded)).toBe(false);
    expect(canWithdrawEvidence("OutstandingIDInfo", reviewEnded, reviewEnded)).toBe(false);
    expect(canWithdrawEvidence("OutstandingIDInfo", at("2026-03-02T09:00:01Z"), reviewEnded)).toBe(true);
    expect(canWithdrawEvidence("AwaitingIDInfo", at("2026-03-03T09:00:00Z"), reviewEnded)).toBe(true);
  });

  it("never allows withdrawal under review or after it, however recent the upload", () => {
    for (const status of ["UnderReview", "Verified", "AwaitingAuthCode", "Complete", "Rejected"] as const) {
      expect(canWithdrawEvidence(status, at("2026-03-05T09:00:00Z"), at("2026-03-01T09:00:00Z"))).toBe(false);
    }
  });
});
