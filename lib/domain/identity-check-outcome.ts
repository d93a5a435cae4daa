// What a provider session means for the director, decided from the session alone. Pure, so the
// rules are unit-tested without the provider, and the webhook, the page's poll and the expiry sweep
// all decide the same way.
import type { YotiSession } from "@/lib/integrations/yoti/types";

export type IdentityCheckOutcome =
  /** Nothing decided yet: the person is still at the provider, or checks are still running. */
  | "pending"
  /** Every check done and every recommendation APPROVE. */
  | "approved"
  /** At least one check recommends REJECT. */
  | "rejected"
  /** Done, but some check could not decide (NOT_AVAILABLE, or no recommendation): a person must look. */
  | "manual"
  /** The link ran out before the person finished. */
  | "expired";

/**
 * After the link's own expiry, a session the provider still calls ONGOING with no check done is taken
 * as expired, but only after this much more time: the provider's clock and ours differ a little, and
 * a person who submitted just before the end must not lose their check.
 */
export const EXPIRY_GRACE_MS = 30 * 60_000;

const DONE = "DONE";

/**
 * The outcome of `session`. A REJECT wins over everything (even in a session Yoti says expired:
 * the check did run). A session with no checks at all can only expire, never pass.
 */
export function identityCheckOutcome(session: Pick<YotiSession, "state" | "checks">, options: { now: Date; linkExpiresAt?: Date | null }): IdentityCheckOutcome {
  const checks = session.checks;
  const done = checks.filter((c) => c.state === DONE);
  if (done.some((c) => c.recommendation === "REJECT")) return "rejected";

  const allDone = checks.length > 0 && done.length === checks.length;
  if (allDone && (session.state === "COMPLETED" || session.state === "EXPIRED")) {
    return checks.every((c) => c.recommendation === "APPROVE") ? "approved" : "manual";
  }
  if (session.state === "EXPIRED") return done.length > 0 ? "manual" : "expired";
  if (session.state === "COMPLETED") {
    // Completed with checks still running or missing: the provider finished without a full answer.
    return "manual";
  }
  const expiresAt = options.linkExpiresAt?.getTime();
  if (expiresAt !== undefined && done.length === 0 && options.now.getTime() > expiresAt + EXPIRY_GRACE_MS) return "expired";
  return "pending";
}
