import type { YotiCheck } from "@/lib/integrations/yoti/types";
import { EXPIRY_GRACE_MS, identityCheckOutcome } from "./identity-check-outcome";

const now = new Date("2026-03-02T10:00:00Z");
const check = (recommendation: string | undefined, state = "DONE", type = "ID_DOCUMENT_AUTHENTICITY"): YotiCheck => ({
  id: `${type}-${recommendation ?? "none"}`,
  type,
  state,
  ...(recommendation ? { recommendation } : {}),
});
const approveAll = [check("APPROVE"), check("APPROVE", "DONE", "LIVENESS"), check("APPROVE", "DONE", "ID_DOCUMENT_FACE_MATCH")];

describe("identityCheckOutcome", () => {
  it("approves only when every check is done and recommends APPROVE", () => {
    expect(identityCheckOutcome({ state: "COMPLETED", checks: approveAll }, { now })).toBe("approved");
    expect(identityCheckOutcome({ state: "COMPLETED", checks: [...approveAll.slice(0, 2), check("NOT_AVAILABLE", "DONE", "ID_DOCUMENT_FACE_MATCH")] }, { now })).toBe("manual");
    expect(identityCheckOutcome({ state: "COMPLETED", checks: [...approveAll.slice(0, 2), check(undefined, "DONE", "ID_DOCUMENT_FACE_MATCH")] }, { now })).toBe("manual");
    expect(identityCheckOutcome({ state: "COMPLETED", checks: [] }, { now })).toBe("manual");
  });

  it("a REJECT anywhere wins, whatever else the session says", () => {
    for (const state of ["COMPLETED", "ONGOING", "EXPIRED"]) {
      expect(identityCheckOutcome({ state, checks: [check("APPROVE"), check("REJECT", "DONE", "LIVENESS"), check("NOT_AVAILABLE")] }, { now })).toBe("rejected");
    }
    // A recommendation on a check not done yet is not a result.
    expect(identityCheckOutcome({ state: "ONGOING", checks: [check("REJECT", "PENDING")] }, { now })).toBe("pending");
  });

  it("an ongoing session is pending, also with some checks done", () => {
    expect(identityCheckOutcome({ state: "ONGOING", checks: [check(undefined, "CREATED")] }, { now })).toBe("pending");
    expect(identityCheckOutcome({ state: "ONGOING", checks: [check("APPROVE"), check(undefined, "PENDING", "LIVENESS")] }, { now })).toBe("pending");
  });

  it("expires when the provider says so with nothing done, or well after the link's own expiry", () => {
    expect(identityCheckOutcome({ state: "EXPIRED", checks: [check(undefined, "CREATED")] }, { now })).toBe("expired");
    expect(identityCheckOutcome({ state: "EXPIRED", checks: [check("APPROVE"), check(undefined, "PENDING", "LIVENESS")] }, { now })).toBe("manual");
    expect(identityCheckOutcome({ state: "EXPIRED", checks: approveAll }, { now })).toBe("approved");
    const justPast = new Date(now.getTime() - EXPIRY_GRACE_MS + 1000);
    const longPast = new Date(now.getTime() - EXPIRY_GRACE_MS - 1000);
    expect(identityCheckOutcome({ state: "ONGOING", checks: [check(undefined, "CREATED")] }, { now, linkExpiresAt: justPast })).toBe("pending");
    expect(identityCheckOutcome({ state: "ONGOING", checks: [check(undefined, "CREATED")] }, { now, linkExpiresAt: longPast })).toBe("expired");
    // Some check already done: the person finished in time; the result is on its way.
    expect(identityCheckOutcome({ state: "ONGOING", checks: [check("APPROVE"), check(undefined, "PENDING", "LIVENESS")] }, { now, linkExpiresAt: longPast })).toBe("pending");
  });
});
