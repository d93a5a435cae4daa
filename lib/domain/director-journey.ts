import type { DirectorStatus } from "@/lib/domain/values";
import { checkAddressHistory, type Period } from "./address-history";
import { MAX_IDV_ATTEMPTS } from "./director-lifecycle";

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

/*
 * The director's task list (GOV.UK task list pattern): three tasks, each with its state, derived
 * from the record alone so the page and the tests agree.
 */

export const DIRECTOR_TASKS = ["details", "identityCheck", "personalCode"] as const;
export type DirectorTask = (typeof DIRECTOR_TASKS)[number];

export type TaskState =
  /** It depends on an earlier task not yet done (the server refuses it too). */
  | "cannotStartYet"
  | "notStarted"
  | "inProgress"
  | "completed"
  /** The identity check's result is being reviewed by staff. */
  | "underReview"
  /** Staff asked for more documents after the check. */
  | "moreDocumentsNeeded"
  /** The last identity check failed; `attemptsLeft` more may be tried. */
  | "failed"
  /** The identity could not be verified: no attempts left. */
  | "rejected";

export interface TaskListDirector {
  status: DirectorStatus;
  /** Name, current address and 12 months of history saved (lib/server/directors/get-own-director.ts). */
  detailsComplete: boolean;
  /** Identity checks rejected since the director was last (re)opened. */
  idvFailedAttempts: number;
  /** The provider session, when one was opened. */
  sessionUrl: string | null;
  sessionExpiry: Date | string | null;
  /** Something of the current address given: the details task is in progress, not just not started. */
  addressLine1?: string | null;
  city?: string | null;
  currentAddressStartDate?: string | null;
}

export interface TaskStatus {
  state: TaskState;
  /** For the identity check: attempts the director has left (0 when Rejected). */
  attemptsLeft?: number;
}

/** Statuses after a passed identity check. */
const PASSED: readonly DirectorStatus[] = ["Verified", "AwaitingAuthCode", "Complete"];

/** How many identity checks the director may still start (none once Rejected). */
export function attemptsLeft(d: Pick<TaskListDirector, "status" | "idvFailedAttempts">): number {
  if (d.status === "Rejected") return 0;
  return Math.max(0, MAX_IDV_ATTEMPTS - d.idvFailedAttempts);
}

/** Whether the provider session is open (started and not expired) at `now`. */
function sessionOpen(d: TaskListDirector, now: Date): boolean {
  if (d.status !== "AwaitingIDInfo" || !d.sessionUrl || !d.sessionExpiry) return false;
  return new Date(d.sessionExpiry).getTime() > now.getTime();
}

function detailsTask(d: TaskListDirector): TaskStatus {
  // Past the check, the details it used are locked: done.
  if (d.detailsComplete || (d.status !== "AwaitingIDInfo" && d.status !== "IDVLinkExpired")) return { state: "completed" };
  const started = [d.addressLine1, d.city, d.currentAddressStartDate].some((v) => typeof v === "string" && v.trim() !== "");
  return { state: started ? "inProgress" : "notStarted" };
}

function identityCheckTask(d: TaskListDirector, now: Date): TaskStatus {
  switch (d.status) {
    case "Verified":
    case "AwaitingAuthCode":
    case "Complete":
      return { state: "completed" };
    case "UnderReview":
      return { state: "underReview" };
    case "OutstandingIDInfo":
      return { state: "moreDocumentsNeeded" };
    case "Rejected":
      return { state: "rejected", attemptsLeft: 0 };
    case "AwaitingIDInfo":
    case "IDVLinkExpired":
      if (sessionOpen(d, now)) return { state: "inProgress" };
      if (!d.detailsComplete) return { state: "cannotStartYet" };
      if (d.status === "AwaitingIDInfo" && d.idvFailedAttempts > 0) return { state: "failed", attemptsLeft: attemptsLeft(d) };
      // Started once, and the link expired before the check was finished.
      if (d.status === "IDVLinkExpired") return { state: "inProgress" };
      return { state: "notStarted" };
  }
}

function personalCodeTask(d: TaskListDirector): TaskStatus {
  if (d.status === "Complete") return { state: "completed" };
  if (PASSED.includes(d.status)) return { state: "notStarted" };
  return { state: "cannotStartYet" };
}

/** The state of each of the director's three tasks, from their record at `now`. Pure. */
export function directorTaskList(d: TaskListDirector, now: Date): Record<DirectorTask, TaskStatus> {
  return { details: detailsTask(d), identityCheck: identityCheckTask(d, now), personalCode: personalCodeTask(d) };
}
