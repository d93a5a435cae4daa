import {
  finalDirectorStatuses,
  MAX_IDV_ATTEMPTS,
  nextDirector,
  shownStatus,
  type DirectorEvent,
  type DirectorFacts,
  type DirectorNext,
  type DirectorState,
} from "@/lib/domain/director-lifecycle";
import { evidenceNeeded } from "@/lib/domain/evidence-needed";
import type { EvidenceKind } from "@/lib/domain/values";

/*
 * A model of one director for the lifecycle tests (lib/domain/director-lifecycle.test.ts and
 * tests/integration/lifecycle-model.test.ts): the status machine's state plus the facts of their
 * record that the guards read, and how an accepted move changes those facts. It is written from the
 * issue's words (docs/domain.md), not from the writer (lib/server/lifecycle/apply-director-event.ts),
 * so that the two can disagree and the tests say so.
 */

export interface ModelDirector {
  state: DirectorState;
  invited: boolean;
  detailsComplete: boolean;
  failedAttempts: number;
  /** The kinds of evidence a review asked for and not yet given, as stored. */
  evidenceOutstanding: EvidenceKind[];
  /** They gave former names (what is asked by default when a status override asks for evidence). */
  formerNames: boolean;
  checkPassed: boolean;
  /** They have a provider session whose result can still arrive. */
  session: boolean;
  /** The same person completed a verification here for another client and holds its code (issue 20). */
  verifiedElsewhere: boolean;
}

export const initialModelDirector = (invited = true): ModelDirector => ({
  state: { computed: "AwaitingIDInfo", override: null },
  invited,
  detailsComplete: false,
  failedAttempts: 0,
  evidenceOutstanding: [],
  formerNames: false,
  checkPassed: false,
  session: false,
  verifiedElsewhere: false,
});

/** What the guards know, as the writer reads it from the record. */
export function modelFacts(d: ModelDirector): DirectorFacts {
  return {
    invited: d.invited,
    detailsComplete: d.detailsComplete,
    failedAttempts: d.failedAttempts,
    evidenceOutstanding: evidenceNeeded({ status: "OutstandingIDInfo", formerNames: d.formerNames ? ["former"] : [], evidenceOutstanding: d.evidenceOutstanding }),
    checkPassed: d.checkPassed,
    verifiedElsewhere: d.verifiedElsewhere,
  };
}

/** The events that count as a director taking part, for the client's status (lib/domain/client-lifecycle.ts). */
export const STARTING_EVENTS: ReadonlySet<DirectorEvent["type"]> = new Set([
  "detailsSaved",
  "checkStarted",
  "providerApproved",
  "providerNeedsReview",
  "providerRejected",
  "providerExpired",
  "evidenceGiven",
  "codeEntered",
  "priorVerificationConfirmed",
]);

export type ModelStep = { ok: true; next: ModelDirector; moved: Extract<DirectorNext, { ok: true }> } | { ok: false; refusal: Extract<DirectorNext, { ok: false }> };

/**
 * One event on the model: the machine's answer (nextDirector), and on a move the facts it changes:
 * details saved complete them; a started check opens a session, a rejected or expired one ends it; a
 * rejection counts an attempt; a pass (provider or review) is remembered; evidence asked is recorded
 * and crossed off as it is given; a reopening resets the attempts and ends any old session; an
 * earlier verification confirmed counts as a pass and ends any session.
 */
export function modelStep(d: ModelDirector, event: DirectorEvent): ModelStep {
  const facts = modelFacts(d);
  const moved = nextDirector(d.state, event, facts);
  if (!moved.ok) return { ok: false, refusal: moved };
  const next: ModelDirector = { ...d, state: moved.state, evidenceOutstanding: [...d.evidenceOutstanding] };
  switch (event.type) {
    case "detailsSaved":
      next.detailsComplete = true;
      break;
    case "checkStarted":
      next.session = true;
      break;
    case "providerApproved":
      next.checkPassed = true;
      break;
    case "providerRejected":
      next.failedAttempts += 1;
      next.session = false;
      break;
    case "providerExpired":
      next.session = false;
      break;
    case "evidenceGiven":
      if (moved.from === "OutstandingIDInfo") next.evidenceOutstanding = moved.to === "OutstandingIDInfo" ? facts.evidenceOutstanding.filter((k) => k !== event.kind) : [];
      break;
    case "evidenceRequested":
      next.evidenceOutstanding = [...new Set(event.kinds)];
      break;
    case "reviewApproved":
      next.checkPassed = true;
      next.evidenceOutstanding = [];
      break;
    case "reviewRejected":
      next.evidenceOutstanding = [];
      break;
    case "reopened":
      next.failedAttempts = 0;
      next.session = false;
      break;
    case "priorVerificationConfirmed":
      // Verified through the earlier verification: a pass, and no session of theirs any more.
      next.checkPassed = true;
      next.session = false;
      break;
    default:
      break;
  }
  return { ok: true, next, moved };
}

/** Every event a person or the provider can cause (not the override, delete and restore, which are staff's way round the journey). */
export const JOURNEY_EVENTS: readonly DirectorEvent[] = [
  { type: "detailsSaved" },
  { type: "checkStarted" },
  { type: "providerApproved" },
  { type: "providerNeedsReview" },
  { type: "providerRejected" },
  { type: "providerExpired" },
  { type: "evidenceGiven", kind: "Name" },
  { type: "evidenceGiven", kind: "Address" },
  { type: "reviewApproved" },
  { type: "evidenceRequested", kinds: ["Name"] },
  { type: "evidenceRequested", kinds: ["Address"] },
  { type: "evidenceRequested", kinds: ["Name", "Address"] },
  { type: "reviewRejected" },
  { type: "codeEntered" },
  { type: "reopened" },
  { type: "priorVerificationConfirmed" },
];

const PROVIDER = new Set(["providerApproved", "providerNeedsReview", "providerRejected", "providerExpired"]);

/** Whether `event` can happen at all to `d`: the provider answers only a session it was given. */
export function canHappen(d: ModelDirector, event: DirectorEvent): boolean {
  return !PROVIDER.has(event.type) || d.session;
}

/**
 * A director's identity for the searches. Attempts beyond the last count as the last: the guards
 * see no difference (an override can give a Rejected director one more try, which counts a fourth).
 */
export const keyOf = (d: ModelDirector) =>
  JSON.stringify([d.state.computed, d.state.override, d.invited, d.detailsComplete, Math.min(d.failedAttempts, MAX_IDV_ATTEMPTS), [...d.evidenceOutstanding].sort(), d.formerNames, d.checkPassed, d.session, d.verifiedElsewhere]);

export const isFinal = (d: ModelDirector) => finalDirectorStatuses.includes(shownStatus(d.state));

/**
 * The shortest list of journey events (no override) that takes `d` to a final status (Complete or
 * Rejected, as shown), or null when there is none: the director would be stuck. `events` limits
 * the events to those some actor can cause.
 */
export function pathToFinal(d: ModelDirector, events: readonly DirectorEvent[] = JOURNEY_EVENTS): DirectorEvent[] | null {
  if (isFinal(d)) return [];
  const seen = new Set([keyOf(d)]);
  let frontier: { d: ModelDirector; path: DirectorEvent[] }[] = [{ d, path: [] }];
  while (frontier.length) {
    const next: typeof frontier = [];
    for (const { d: at, path } of frontier) {
      for (const event of events) {
        if (!canHappen(at, event)) continue;
        const s = modelStep(at, event);
        if (!s.ok) continue;
        const p = [...path, event];
        if (isFinal(s.next)) return p;
        const k = keyOf(s.next);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ d: s.next, path: p });
      }
    }
    frontier = next;
  }
  return null;
}

/** Every model director reachable from `start` by `events`, one of each kind (keyOf: a finite space). */
export function reachable(start: ModelDirector, events: readonly DirectorEvent[]): ModelDirector[] {
  const seen = new Map([[keyOf(start), start]]);
  let frontier = [start];
  while (frontier.length) {
    const next: ModelDirector[] = [];
    for (const at of frontier) {
      for (const event of events) {
        if (!canHappen(at, event)) continue;
        const s = modelStep(at, event);
        if (!s.ok) continue;
        const k = keyOf(s.next);
        if (seen.has(k)) continue;
        seen.set(k, s.next);
        next.push(s.next);
      }
    }
    frontier = next;
  }
  return [...seen.values()];
}
