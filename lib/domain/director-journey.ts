import type { DirectorStatus } from "@/lib/domain/values";
import { checkAddressHistory, type Period } from "./address-history";

/*
 * Where a director stands in their journey, and what they must do next. The page says it in words;
 * this module decides it, from the record alone, so the page, the API and tests agree.
 *
 *   details → identity check → (evidence, when asked) → personal code → done
 */

export type NextStep =
  /** Give name, former names and 12 months of addresses. */
  | "details"
  /** Take the identity check at the provider (first time, after an expired link, or a retry). */
  | "identityCheck"
  /** Nothing to do: the result of the check is being reviewed. */
  | "underReview"
  /** Upload the evidence asked for (proof of a change of name, or of address). */
  | "evidence"
  /** Enter the Companies House personal code. */
  | "personalCode"
  /** Verification complete. */
  | "done"
  /** The identity could not be verified: contact support. */
  | "rejected";

export interface JourneyDirector {
  status: DirectorStatus;
  firstName: string | null;
  lastName: string | null;
  addressLine1: string | null;
  city: string | null;
  country: string | null;
  currentAddressStartDate: string | null;
}

/** Whether the director has given every detail the check needs, with a complete address history. */
export function detailsComplete(d: JourneyDirector, previous: readonly Period[], today: string): boolean {
  if (!d.firstName?.trim() || !d.lastName?.trim() || !d.addressLine1?.trim() || !d.city?.trim() || !d.country) return false;
  return checkAddressHistory(d.currentAddressStartDate, previous, today).length === 0;
}

export function nextStep(d: JourneyDirector, previous: readonly Period[], today: string): NextStep {
  switch (d.status) {
    case "Complete":
      return "done";
    case "Rejected":
      return "rejected";
    case "Verified":
    case "AwaitingAuthCode":
      return "personalCode";
    case "UnderReview":
      return "underReview";
    case "OutstandingIDInfo":
      return "evidence";
    case "AwaitingIDInfo":
    case "IDVLinkExpired":
      return detailsComplete(d, previous, today) ? "identityCheck" : "details";
  }
}
