import fc from "fast-check";
import { clientMoves, deriveClientStatus, initialClientStatus, nextClient, staffClientEvent, staffMovesFrom, type ClientEvent } from "./client-lifecycle";
import { clientStatusValues, directorStatusValues, journeyValues, type ClientStatus } from "./values";

const clientStatusArb = fc.constantFrom(...clientStatusValues);
const liveArb = fc.array(fc.constantFrom(...directorStatusValues), { maxLength: 6 });
const notCompleteArb = fc.constantFrom(...directorStatusValues.filter((s) => s !== "Complete"));

describe("deriveClientStatus", () => {
  it("answers a status of the value list", () => {
    fc.assert(
      fc.property(clientStatusArb, liveArb, fc.boolean(), (current, live, started) => {
        expect(clientStatusValues).toContain(deriveClientStatus(current, live, started));
      }),
    );
  });

  it("never moves a PaymentPending client: only the payment does", () => {
    fc.assert(fc.property(liveArb, fc.boolean(), (live, started) => expect(deriveClientStatus("PaymentPending", live, started)).toBe("PaymentPending")));
  });

  it("with every live director Complete, is Completed", () => {
    fc.assert(
      fc.property(clientStatusArb.filter((s) => s !== "PaymentPending"), fc.integer({ min: 1, max: 6 }), fc.boolean(), (current, n, started) => {
        expect(deriveClientStatus(current, Array(n).fill("Complete"), started)).toBe("Completed");
      }),
    );
  });

  it("moves a Completed client back to InProgress when a live director is not Complete (added, reopened)", () => {
    fc.assert(
      fc.property(liveArb, notCompleteArb, fc.nat(), fc.boolean(), (others, open, at, started) => {
        const live = [...others];
        live.splice(at % (live.length + 1), 0, open);
        expect(deriveClientStatus("Completed", live, started)).toBe("InProgress");
      }),
    );
  });

  it("with no live director, leaves the status as it is", () => {
    fc.assert(fc.property(clientStatusArb, fc.boolean(), (current, started) => expect(deriveClientStatus(current, [], started)).toBe(current)));
  });

  it("starts a New or Onboarding client when a director starts or has moved on, and never goes back to New", () => {
    fc.assert(
      fc.property(clientStatusArb, liveArb, fc.boolean(), (current, live, started) => {
        const to = deriveClientStatus(current, live, started);
        if (to === "New" || to === "Onboarding") expect(to).toBe(current);
        if (current === "InProgress") expect(["InProgress", "Completed"]).toContain(to);
        const moving = live.length > 0 && !live.every((s) => s === "Complete") && (started || live.some((s) => s !== "AwaitingIDInfo"));
        if ((current === "New" || current === "Onboarding") && moving) expect(to).toBe("InProgress");
        if ((current === "New" || current === "Onboarding") && !moving && !live.every((s) => s === "Complete")) expect(to).toBe(current);
      }),
    );
  });

  it("is settled: deriving again from its answer changes nothing", () => {
    fc.assert(
      fc.property(clientStatusArb, liveArb, fc.boolean(), (current, live, started) => {
        const once = deriveClientStatus(current, live, started);
        expect(deriveClientStatus(once, live, started)).toBe(once);
      }),
    );
  });
});

describe("nextClient", () => {
  const eventArb: fc.Arbitrary<ClientEvent> = fc.oneof(
    fc.constantFrom<ClientEvent>({ type: "paid" }, { type: "paymentRecorded" }, { type: "onboardingStarted" }, { type: "onboardingReverted" }),
    fc.record({ type: fc.constant("directorsChanged" as const), directors: liveArb, started: fc.boolean() }),
  );

  it("moves by the table, derives with the directors, and refuses anything else naming the staff's moves from here", () => {
    fc.assert(
      fc.property(clientStatusArb, eventArb, (status, event) => {
        const r = nextClient(status, event);
        const move = clientMoves.find((m) => m.event === event.type && m.from.includes(status));
        if (!move) {
          expect(r).toEqual({ ok: false, allowed: staffMovesFrom(status) });
          return;
        }
        if (event.type === "directorsChanged") expect(r).toEqual({ ok: true, to: deriveClientStatus(status, event.directors, event.started) });
        else expect(r).toEqual({ ok: true, to: move.to });
      }),
    );
  });

  it("leaves PaymentPending only by a payment: neither the directors nor a staff status edit move it", () => {
    fc.assert(
      fc.property(liveArb, fc.boolean(), (directors, started) => {
        expect(nextClient("PaymentPending", { type: "directorsChanged", directors, started })).toMatchObject({ ok: false });
      }),
    );
    expect(staffMovesFrom("PaymentPending")).toEqual(["New"]);
    expect(staffClientEvent("PaymentPending", "New")).toBe("paymentRecorded");
    expect(nextClient("PaymentPending", { type: "paid" })).toEqual({ ok: true, to: "New" });
    for (const s of clientStatusValues.filter((v) => v !== "PaymentPending")) expect(nextClient(s, { type: "paid" }).ok).toBe(false);
  });

  it("reaches every status from where a request starts", () => {
    const reached = new Set<ClientStatus>(journeyValues.map(initialClientStatus));
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...reached]) {
        const events: ClientEvent[] = [
          ...clientMoves.filter((m) => m.event !== "directorsChanged").map((m) => ({ type: m.event }) as ClientEvent),
          { type: "directorsChanged", directors: ["UnderReview"], started: true },
          { type: "directorsChanged", directors: ["Complete"], started: true },
        ];
        for (const e of events) {
          const r = nextClient(from, e);
          if (r.ok && !reached.has(r.to)) {
            reached.add(r.to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...clientStatusValues].sort());
  });
});
