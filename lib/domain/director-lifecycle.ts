import type { DirectorStatus, EvidenceKind } from "./values";

/*
 * The director's status machine: every status a director can have, every event that moves one, and
 * the guard on each move, declared once (DESIGN.md §4, docs/domain.md). Pure: no I/O, no database.
 * Every writer of a director's status asks `nextDirector` and writes what it answers
 * (lib/server/lifecycle/apply-director-event.ts); nothing else assigns a status.
 *
 * Two statuses are kept: the computed one, which the events move, and an admin's override with its
 * reason. The stored `status` is the override while one is set, else the computed status, which
 * keeps moving underneath (`statusOriginal`); clearing the override restores it.
 *
 * Whose view an event acts on: the provider's results act on the computed status underneath (the
 * provider knows nothing of an override). The director's and staff's actions act on the status they
 * are shown (the effective one): when such an action moves the director on from an overridden
 * status, the journey resumes from there and the override, having served, ends.
 */

/** The third rejected check makes the director Rejected; before it, they may try again. */
export const MAX_IDV_ATTEMPTS = 3;

export type DirectorEvent =
  | { type: "detailsSaved" }
  | { type: "checkStarted" }
  | { type: "providerApproved" }
  | { type: "providerNeedsReview" }
  | { type: "providerRejected" }
  | { type: "providerExpired" }
  | { type: "evidenceGiven"; kind: EvidenceKind }
  | { type: "reviewApproved" }
  | { type: "evidenceRequested"; kinds: readonly EvidenceKind[] }
  | { type: "reviewRejected" }
  | { type: "codeEntered" }
  | { type: "priorVerificationConfirmed" }
  | { type: "reopened" }
  | { type: "overrideSet"; status: DirectorStatus }
  | { type: "overrideCleared" }
  | { type: "deleted" }
  | { type: "restored" };

export type DirectorEventType = DirectorEvent["type"];

/** What the guards may know of a director besides their status: facts from their record. */
export interface DirectorFacts {
  /** Their invitation has gone: the request (or batch of additions) is paid for or needs no payment. */
  invited: boolean;
  /** Name, current address and 12 months of address history are saved and valid. */
  detailsComplete: boolean;
  /** Identity checks that ended in a rejection since the director was last (re)opened. */
  failedAttempts: number;
  /** Kinds of evidence asked for and not yet uploaded. */
  evidenceOutstanding: readonly EvidenceKind[];
  /** An identity check of theirs has passed (at the provider, or by a review's approval). */
  checkPassed: boolean;
  /**
   * The same person completed a verification here for another client and holds its personal code
   * (lib/server/companies-house/person-prior-verification.ts): they may confirm it instead of a
   * second identity check (issue 20 item 5).
   */
  verifiedElsewhere: boolean;
}

export interface DirectorState {
  /** The status the events compute. */
  computed: DirectorStatus;
  /** An admin's override, shown instead of the computed status while set. */
  override: DirectorStatus | null;
}

/** Who causes an event: the provider's events act on the computed status, the others on the shown one. */
type Actor = "director" | "provider" | "staff" | "contact";

type Guard = (facts: DirectorFacts, event: DirectorEvent) => boolean;

/** One move: from any of `from`, when `when` holds, to `to` ("same": the status stays). */
export interface DirectorMove {
  event: DirectorEventType;
  by: Actor;
  from: readonly DirectorStatus[] | "any";
  /** Shown in the table and the diagram. */
  guard?: { label: string; holds: Guard };
  to: DirectorStatus | "same";
  /** A status the move passes through on its way, recorded in the audit (Verified). */
  via?: DirectorStatus;
}

const STARTABLE = ["AwaitingIDInfo", "IDVLinkExpired"] as const;
const REVIEWABLE = ["UnderReview", "OutstandingIDInfo"] as const;

const invited = { label: "invited", holds: (f: DirectorFacts) => f.invited };
const lastAttempt = (f: DirectorFacts) => f.failedAttempts + 1 >= MAX_IDV_ATTEMPTS;
const otherKindsOutstanding = (f: DirectorFacts, e: DirectorEvent) => e.type === "evidenceGiven" && f.evidenceOutstanding.some((k) => k !== e.kind);

/**
 * The table. Read a row as: on `event`, by `by`, from any of `from`, if `guard`, go to `to`.
 * Rows of one event are tried in order; the first whose `from` and guard hold wins.
 */
export const directorMoves: readonly DirectorMove[] = [
  { event: "detailsSaved", by: "director", from: [...STARTABLE, "OutstandingIDInfo"], guard: invited, to: "same" },
  { event: "checkStarted", by: "director", from: STARTABLE, guard: { label: "invited and details complete", holds: (f) => f.invited && f.detailsComplete }, to: "AwaitingIDInfo" },
  { event: "providerApproved", by: "provider", from: ["AwaitingIDInfo"], to: "AwaitingAuthCode", via: "Verified" },
  { event: "providerNeedsReview", by: "provider", from: ["AwaitingIDInfo"], to: "UnderReview" },
  { event: "providerRejected", by: "provider", from: ["AwaitingIDInfo"], guard: { label: "attempts left", holds: (f) => !lastAttempt(f) }, to: "AwaitingIDInfo" },
  { event: "providerRejected", by: "provider", from: ["AwaitingIDInfo"], guard: { label: `attempt ${MAX_IDV_ATTEMPTS}`, holds: lastAttempt }, to: "Rejected" },
  { event: "providerExpired", by: "provider", from: ["AwaitingIDInfo"], to: "IDVLinkExpired" },
  { event: "evidenceGiven", by: "director", from: ["OutstandingIDInfo"], guard: { label: "other kinds still asked", holds: otherKindsOutstanding }, to: "same" },
  { event: "evidenceGiven", by: "director", from: ["OutstandingIDInfo"], guard: { label: "last kind asked", holds: (f, e) => !otherKindsOutstanding(f, e) }, to: "UnderReview" },
  { event: "evidenceGiven", by: "director", from: ["AwaitingIDInfo", "IDVLinkExpired", "UnderReview", "Verified", "AwaitingAuthCode"], to: "same" },
  { event: "reviewApproved", by: "staff", from: REVIEWABLE, to: "AwaitingAuthCode", via: "Verified" },
  { event: "evidenceRequested", by: "staff", from: REVIEWABLE, guard: { label: "kinds named", holds: (_f, e) => e.type === "evidenceRequested" && e.kinds.length > 0 }, to: "OutstandingIDInfo" },
  { event: "reviewRejected", by: "staff", from: REVIEWABLE, to: "Rejected" },
  { event: "codeEntered", by: "director", from: ["Verified", "AwaitingAuthCode"], guard: invited, to: "Complete" },
  // Verified here before for another client: confirming it (and re-entering that code) replaces the check.
  { event: "priorVerificationConfirmed", by: "director", from: STARTABLE, guard: { label: "invited and verified here before", holds: (f) => f.invited && f.verifiedElsewhere }, to: "AwaitingAuthCode" },
  { event: "reopened", by: "staff", from: ["Rejected"], guard: { label: "a check passed", holds: (f) => f.checkPassed }, to: "AwaitingAuthCode" },
  { event: "reopened", by: "staff", from: ["Rejected"], guard: { label: "no check passed", holds: (f) => !f.checkPassed }, to: "AwaitingIDInfo" },
  { event: "overrideSet", by: "staff", from: "any", to: "same" },
  { event: "overrideCleared", by: "staff", from: "any", to: "same" },
  { event: "deleted", by: "staff", from: "any", to: "same" },
  { event: "restored", by: "staff", from: "any", to: "same" },
];

export const finalDirectorStatuses: readonly DirectorStatus[] = ["Complete", "Rejected"];

/**
 * Why an individual's invitation may not be sent again, or null if it may: it was never sent (an
 * unpaid request or batch, or one still waiting for its card payment), or their verification has
 * ended. The resend route refuses with this reason; the company page offers the button only when
 * there is none.
 */
export function invitationResendRefusal(director: { invitedAt: Date | string | null; status: DirectorStatus; awaitingPayment?: boolean }): "invitationNotInvitedYet" | "invitationNotNeeded" | null {
  if (!director.invitedAt || director.awaitingPayment) return "invitationNotInvitedYet";
  if (finalDirectorStatuses.includes(director.status)) return "invitationNotNeeded";
  return null;
}

export type DirectorNext =
  | {
      ok: true;
      state: DirectorState;
      /** The stored status before and after (the override while set, else the computed one). */
      from: DirectorStatus;
      to: DirectorStatus;
      via?: DirectorStatus;
      /** The override ended because the journey moved on from it. */
      overrideEnded: boolean;
    }
  | {
      ok: false;
      /** Why not, as a message key: "notNow" (no move from this status), or the guard that failed. */
      reason: "notNow" | "notInvited" | "detailsIncomplete" | "noOverride" | "guard";
      /** The events that could move the director from here (for a 400 naming the allowed moves). */
      allowed: DirectorEventType[];
    };

/** The status every screen shows: the override while set, else the computed status. */
export const shownStatus = (s: DirectorState): DirectorStatus => s.override ?? s.computed;

/** Whether `move` starts from `status` (its guard aside). */
const startsFrom = (move: DirectorMove, status: DirectorStatus) => move.from === "any" || move.from.includes(status);

function applies(move: DirectorMove, status: DirectorStatus, facts: DirectorFacts, event: DirectorEvent) {
  return startsFrom(move, status) && (!move.guard || move.guard.holds(facts, event));
}

/** Whether the table has a move on `event` from the shown `status` (whatever the guards say): what a page offers. */
export function hasDirectorMove(event: DirectorEventType, status: DirectorStatus): boolean {
  return directorMoves.some((m) => m.event === event && startsFrom(m, status));
}

/** The events with a move from `status` given these facts (the guards that hold). */
export function allowedDirectorEvents(state: DirectorState, facts: DirectorFacts): DirectorEventType[] {
  const out = new Set<DirectorEventType>();
  for (const m of directorMoves) {
    const base = m.by === "provider" ? state.computed : shownStatus(state);
    if (!startsFrom(m, base)) continue;
    if (m.event === "overrideCleared" && state.override === null) continue;
    // Guards that read the event's own data are judged by whether any such event could pass.
    if (m.guard && m.event !== "evidenceGiven" && m.event !== "evidenceRequested" && !m.guard.holds(facts, { type: m.event } as DirectorEvent)) continue;
    out.add(m.event);
  }
  return [...out];
}

/**
 * The one transition function: where `event` takes a director in `state` with `facts`, or why it
 * may not. Overrides: `overrideSet` sets the override (the computed status stays); `overrideCleared`
 * restores the computed status.
 */
export function nextDirector(state: DirectorState, event: DirectorEvent, facts: DirectorFacts): DirectorNext {
  const from = shownStatus(state);
  if (event.type === "overrideSet") {
    const next = { computed: state.computed, override: event.status };
    return { ok: true, state: next, from, to: shownStatus(next), overrideEnded: false };
  }
  if (event.type === "overrideCleared") {
    if (state.override === null) return { ok: false, reason: "noOverride", allowed: allowedDirectorEvents(state, facts) };
    const next = { computed: state.computed, override: null };
    return { ok: true, state: next, from, to: shownStatus(next), overrideEnded: true };
  }
  const rows = directorMoves.filter((m) => m.event === event.type);
  const byProvider = rows[0]?.by === "provider";
  const base = byProvider ? state.computed : from;
  const move = rows.find((m) => applies(m, base, facts, event));
  if (!move) {
    const fromFits = rows.some((m) => startsFrom(m, base));
    let reason: "notNow" | "notInvited" | "detailsIncomplete" | "guard" = "notNow";
    if (fromFits) reason = !facts.invited && rows.some((m) => m.guard?.label.startsWith("invited")) ? "notInvited" : event.type === "checkStarted" ? "detailsIncomplete" : "guard";
    return { ok: false, reason, allowed: allowedDirectorEvents(state, facts) };
  }
  // The provider moves the computed status underneath any override; a person's move from the shown
  // status resumes the journey from there, ending the override. A move to "same" changes nothing.
  const overrideEnded = !byProvider && state.override !== null && move.to !== "same";
  const next: DirectorState = move.to === "same" ? state : { computed: move.to, override: byProvider ? state.override : null };
  return { ok: true, state: next, from, to: shownStatus(next), ...(move.via ? { via: move.via } : {}), overrideEnded };
}

/** The stored columns of a state: `status`, `statusOverride`, `statusOriginal` (the computed status while overridden). */
export function directorStatusColumns(s: DirectorState): { status: DirectorStatus; statusOverride: DirectorStatus | null; statusOriginal: DirectorStatus | null } {
  return { status: shownStatus(s), statusOverride: s.override, statusOriginal: s.override === null ? null : s.computed };
}

/** The state of stored columns. */
export function directorStateOf(row: { status: DirectorStatus; statusOverride: DirectorStatus | null; statusOriginal: DirectorStatus | null }): DirectorState {
  return row.statusOverride === null ? { computed: row.status, override: null } : { computed: row.statusOriginal ?? row.status, override: row.statusOverride };
}

