import fc from "fast-check";
import {
  allowedDirectorEvents,
  directorMoves,
  directorStateOf,
  invitationResendRefusal,
  directorStatusColumns,
  MAX_IDV_ATTEMPTS,
  nextDirector,
  shownStatus,
  type DirectorEvent,
  type DirectorEventType,
  type DirectorFacts,
  type DirectorState,
} from "./director-lifecycle";
import { directorStatusValues, evidenceKindValues, type DirectorStatus } from "./values";
import {
  canHappen,
  initialModelDirector,
  isFinal,
  JOURNEY_EVENTS,
  keyOf,
  modelStep,
  pathToFinal,
  reachable,
  type ModelDirector,
} from "@/tests/support/director-lifecycle-model";

const statusArb = fc.constantFrom(...directorStatusValues);
const kindsArb = fc.subarray([...evidenceKindValues]);
const stateArb: fc.Arbitrary<DirectorState> = fc.record({ computed: statusArb, override: fc.option(statusArb, { nil: null }) });
const factsArb: fc.Arbitrary<DirectorFacts> = fc.record({
  invited: fc.boolean(),
  detailsComplete: fc.boolean(),
  failedAttempts: fc.integer({ min: 0, max: MAX_IDV_ATTEMPTS }),
  evidenceOutstanding: kindsArb,
  checkPassed: fc.boolean(),
  verifiedElsewhere: fc.boolean(),
});
const eventArb: fc.Arbitrary<DirectorEvent> = fc.oneof(
  fc.constantFrom<DirectorEvent>(
    { type: "detailsSaved" },
    { type: "checkStarted" },
    { type: "providerApproved" },
    { type: "providerNeedsReview" },
    { type: "providerRejected" },
    { type: "providerExpired" },
    { type: "reviewApproved" },
    { type: "reviewRejected" },
    { type: "codeEntered" },
    { type: "reopened" },
    { type: "priorVerificationConfirmed" },
    { type: "overrideCleared" },
    { type: "deleted" },
    { type: "restored" },
  ),
  fc.constantFrom(...evidenceKindValues).map((kind): DirectorEvent => ({ type: "evidenceGiven", kind })),
  kindsArb.map((kinds): DirectorEvent => ({ type: "evidenceRequested", kinds })),
  statusArb.map((status): DirectorEvent => ({ type: "overrideSet", status })),
);

const PROVIDER_EVENTS = new Set<DirectorEventType>(["providerApproved", "providerNeedsReview", "providerRejected", "providerExpired"]);
const eventTypes = [...new Set(directorMoves.map((m) => m.event))];

/** One event of each shape a type can take (the guards of evidence read the event's own data). */
const samplesOf = (type: DirectorEventType): DirectorEvent[] => {
  if (type === "evidenceGiven") return evidenceKindValues.map((kind) => ({ type, kind }));
  if (type === "evidenceRequested") return [{ type, kinds: ["Name"] }, { type, kinds: ["Address"] }, { type, kinds: ["Name", "Address"] }];
  if (type === "overrideSet") return directorStatusValues.map((status) => ({ type, status }));
  return [{ type } as DirectorEvent];
};

/** Every override an admin can set or clear, besides the journey's events. */
const OVERRIDE_EVENTS: DirectorEvent[] = [...directorStatusValues.map((status): DirectorEvent => ({ type: "overrideSet", status })), { type: "overrideCleared" }];

describe("the director's table", () => {
  it("reaches every status from AwaitingIDInfo by the journey's events alone (Verified on the way to AwaitingAuthCode)", () => {
    const reached = new Set<DirectorStatus>(["AwaitingIDInfo"]);
    for (const start of [initialModelDirector(), { ...initialModelDirector(), formerNames: true }]) {
      for (const d of reachable(start, JOURNEY_EVENTS)) {
        for (const event of JOURNEY_EVENTS) {
          const s = modelStep(d, event);
          if (!s.ok) continue;
          reached.add(s.moved.to);
          if (s.moved.via) reached.add(s.moved.via);
        }
      }
    }
    expect([...reached].sort()).toEqual([...directorStatusValues].sort());
  });

  it("leaves no director stuck: from everything the journey and any override can make, the journey reaches Complete or Rejected", () => {
    // Every director the actions can produce (invited; with and without former names), overrides
    // included; for each, a way to a final status by the journey's events alone. Computed as a
    // fixpoint over the whole space rather than one search per director.
    const space = new Map<string, ModelDirector>();
    for (const start of [initialModelDirector(), { ...initialModelDirector(), formerNames: true }, { ...initialModelDirector(), verifiedElsewhere: true }]) {
      for (const d of reachable(start, [...JOURNEY_EVENTS, ...OVERRIDE_EVENTS])) space.set(keyOf(d), d);
    }
    const good = new Set([...space].filter(([, d]) => isFinal(d)).map(([k]) => k));
    for (let changed = true; changed; ) {
      changed = false;
      for (const [k, d] of space) {
        if (good.has(k)) continue;
        const ok = JOURNEY_EVENTS.some((e) => {
          if (!canHappen(d, e)) return false;
          const s = modelStep(d, e);
          return s.ok && good.has(keyOf(s.next));
        });
        if (ok) {
          good.add(k);
          changed = true;
        }
      }
    }
    const stuck = [...space].filter(([k]) => !good.has(k)).map(([, d]) => d);
    expect(stuck.slice(0, 5)).toEqual([]);
    // Every status is among them, shown and computed.
    const shown = new Set([...space.values()].map((d) => shownStatus(d.state)));
    expect([...shown].sort()).toEqual([...directorStatusValues].sort());
    expect(space.size).toBeGreaterThan(1000);
  });

  it("finds the short way for a director at each open status (e.g. a manual review needs a person's decision)", () => {
    const d = initialModelDirector();
    const review = { ...d, detailsComplete: true, session: true, state: { computed: "UnderReview" as const, override: null } };
    expect(pathToFinal(review)?.map((e) => e.type)).toEqual(["reviewRejected"]);
    expect(pathToFinal(review, JOURNEY_EVENTS.filter((e) => !e.type.startsWith("review") && e.type !== "evidenceRequested"))).toBeNull();
    expect(pathToFinal(d)?.map((e) => e.type)).toEqual(["detailsSaved", "checkStarted", "providerApproved", "codeEntered"]);
  });
});

describe("an earlier verification here (issue 20)", () => {
  const facts: DirectorFacts = { invited: true, detailsComplete: false, failedAttempts: 0, evidenceOutstanding: [], checkPassed: false, verifiedElsewhere: true };

  it("takes an invited individual verified before from the start of the journey to the personal code, without a check", () => {
    for (const computed of ["AwaitingIDInfo", "IDVLinkExpired"] as const) {
      expect(nextDirector({ computed, override: null }, { type: "priorVerificationConfirmed" }, facts)).toMatchObject({ ok: true, to: "AwaitingAuthCode" });
    }
    const d = { ...initialModelDirector(), verifiedElsewhere: true };
    expect(pathToFinal(d)?.map((e) => e.type)).toEqual(["priorVerificationConfirmed", "codeEntered"]);
  });

  it("is refused without the earlier verification, before the invitation, and past the start of the journey", () => {
    const at = { computed: "AwaitingIDInfo" as const, override: null };
    expect(nextDirector(at, { type: "priorVerificationConfirmed" }, { ...facts, verifiedElsewhere: false })).toMatchObject({ ok: false, reason: "guard" });
    expect(nextDirector(at, { type: "priorVerificationConfirmed" }, { ...facts, invited: false })).toMatchObject({ ok: false, reason: "notInvited" });
    for (const computed of directorStatusValues.filter((s) => s !== "AwaitingIDInfo" && s !== "IDVLinkExpired")) {
      expect(nextDirector({ computed, override: null }, { type: "priorVerificationConfirmed" }, facts)).toMatchObject({ ok: false, reason: "notNow" });
    }
  });
});

describe("nextDirector", () => {
  it("never answers a status outside the value list, and its state is what the stored columns say", () => {
    fc.assert(
      fc.property(stateArb, eventArb, factsArb, (state, event, facts) => {
        const r = nextDirector(state, event, facts);
        if (!r.ok) return;
        for (const s of [r.from, r.to, r.state.computed, ...(r.via ? [r.via] : []), ...(r.state.override ? [r.state.override] : [])]) expect(directorStatusValues).toContain(s);
        expect(r.to).toBe(shownStatus(r.state));
        expect(r.from).toBe(shownStatus(state));
        expect(directorStateOf(directorStatusColumns(r.state))).toEqual(r.state);
        expect(directorStatusColumns(r.state).status).toBe(r.to);
      }),
      { numRuns: 2000 },
    );
  });

  it("shows the override while set; the provider moves the computed status underneath; clearing restores it", () => {
    fc.assert(
      fc.property(statusArb, statusArb, eventArb, factsArb, (computed, override, event, facts) => {
        const state = { computed, override };
        const r = nextDirector(state, event, facts);
        if (event.type === "overrideSet") {
          expect(r).toMatchObject({ ok: true, state: { computed, override: event.status }, to: event.status });
          return;
        }
        if (event.type === "overrideCleared") {
          expect(r).toMatchObject({ ok: true, state: { computed, override: null }, to: computed, overrideEnded: true });
          return;
        }
        if (PROVIDER_EVENTS.has(event.type)) {
          // As if there were no override, and the override still shown.
          const bare = nextDirector({ computed, override: null }, event, facts);
          expect(r.ok).toBe(bare.ok);
          if (r.ok && bare.ok) {
            expect(r.state).toEqual({ computed: bare.state.computed, override });
            expect(r.to).toBe(override);
            expect(r.overrideEnded).toBe(false);
          }
          return;
        }
        // A person acts on what they are shown: the override, as if it were the status.
        const shown = nextDirector({ computed: override, override: null }, event, facts);
        expect(r.ok).toBe(shown.ok);
        if (!r.ok || !shown.ok) return;
        if (shown.state.computed === override && !r.overrideEnded) {
          expect(r.state).toEqual(state);
        } else {
          expect(r.overrideEnded).toBe(true);
          expect(r.state).toEqual({ computed: shown.state.computed, override: null });
        }
        expect(r.to).toBe(shown.to);
      }),
      { numRuns: 2000 },
    );
  });

  it("with no override, clearing one is refused and nothing else changes", () => {
    fc.assert(
      fc.property(statusArb, factsArb, (computed, facts) => {
        expect(nextDirector({ computed, override: null }, { type: "overrideCleared" }, facts)).toMatchObject({ ok: false, reason: "noOverride" });
      }),
    );
  });

  it("refuses with the events that could move the director instead, each of which some event of its kind does", () => {
    fc.assert(
      fc.property(stateArb, eventArb, factsArb, (state, event, facts) => {
        const r = nextDirector(state, event, facts);
        const allowed = allowedDirectorEvents(state, facts);
        const accepted = eventTypes.filter((t) => samplesOf(t).some((e) => nextDirector(state, e, facts).ok));
        expect([...allowed].sort()).toEqual([...accepted].sort());
        if (r.ok) return;
        expect(r.allowed.length).toBeGreaterThan(0);
        expect([...r.allowed].sort()).toEqual([...accepted].sort());
      }),
      { numRuns: 2000 },
    );
  });

  it("says why: not invited, details incomplete, or not from here", () => {
    const facts: DirectorFacts = { invited: false, detailsComplete: false, failedAttempts: 0, evidenceOutstanding: [], checkPassed: false, verifiedElsewhere: false };
    const at = { computed: "AwaitingIDInfo" as const, override: null };
    expect(nextDirector(at, { type: "checkStarted" }, facts)).toMatchObject({ ok: false, reason: "notInvited" });
    expect(nextDirector(at, { type: "checkStarted" }, { ...facts, invited: true })).toMatchObject({ ok: false, reason: "detailsIncomplete" });
    expect(nextDirector({ computed: "Complete", override: null }, { type: "detailsSaved" }, { ...facts, invited: true })).toMatchObject({ ok: false, reason: "notNow" });
  });

  it("rejects for good only on the last attempt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_IDV_ATTEMPTS - 1 }), factsArb, (attempts, facts) => {
        const r = nextDirector({ computed: "AwaitingIDInfo", override: null }, { type: "providerRejected" }, { ...facts, failedAttempts: attempts });
        expect(r).toMatchObject({ ok: true, to: attempts + 1 >= MAX_IDV_ATTEMPTS ? "Rejected" : "AwaitingIDInfo" });
      }),
    );
  });
});

describe("invitationResendRefusal", () => {
  const invited = { invitedAt: new Date(), awaitingPayment: false, status: "AwaitingIDInfo" as const };
  it("lets an invited individual whose verification goes on have their invitation again", () => {
    expect(invitationResendRefusal(invited)).toBeNull();
    expect(invitationResendRefusal({ ...invited, status: "UnderReview" })).toBeNull();
    expect(invitationResendRefusal({ invitedAt: "2026-11-30T10:00:00.000Z", status: "OutstandingIDInfo" })).toBeNull();
  });
  it("refuses one never invited, or waiting for their batch's card payment", () => {
    expect(invitationResendRefusal({ ...invited, invitedAt: null })).toBe("invitationNotInvitedYet");
    expect(invitationResendRefusal({ ...invited, awaitingPayment: true })).toBe("invitationNotInvitedYet");
  });
  it("refuses one whose verification has ended", () => {
    expect(invitationResendRefusal({ ...invited, status: "Complete" })).toBe("invitationNotNeeded");
    expect(invitationResendRefusal({ ...invited, status: "Rejected" })).toBe("invitationNotNeeded");
  });
});
