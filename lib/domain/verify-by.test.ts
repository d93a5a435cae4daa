import { daysUntil, statutoryVerifyBy, verifyBy } from "./verify-by";

describe("verifyBy", () => {
  it("is none when nothing binds the person", () => {
    expect(verifyBy({})).toBeNull();
    expect(verifyBy({ requested: null, confirmationStatementDue: null, appointedOn: null })).toBeNull();
  });

  it("is the company's requested date alone when the register says nothing", () => {
    expect(verifyBy({ requested: "2027-03-14" })).toEqual({ date: "2027-03-14", reason: "requested" });
  });

  it("binds a director appointed before 18 November 2025 to the next confirmation statement", () => {
    expect(statutoryVerifyBy({ confirmationStatementDue: "2027-01-31", appointedOn: "2019-06-01" })).toEqual({ date: "2027-01-31", reason: "confirmationStatement" });
    expect(statutoryVerifyBy({ confirmationStatementDue: "2027-01-31", appointedOn: "2025-11-17" })?.reason).toBe("confirmationStatement");
  });

  it("binds a director appointed on or after 18 November 2025 at appointment", () => {
    expect(statutoryVerifyBy({ confirmationStatementDue: "2027-01-31", appointedOn: "2025-11-18" })).toEqual({ date: "2025-11-18", reason: "appointment" });
  });

  it("takes the earliest of the requested and the statutory date", () => {
    expect(verifyBy({ requested: "2027-03-14", confirmationStatementDue: "2027-01-31" })).toEqual({ date: "2027-01-31", reason: "confirmationStatement" });
    expect(verifyBy({ requested: "2026-12-01", confirmationStatementDue: "2027-01-31" })).toEqual({ date: "2026-12-01", reason: "requested" });
  });
});

describe("daysUntil", () => {
  it("counts whole calendar days, negative once passed, across a change of the clocks", () => {
    expect(daysUntil("2027-03-14", "2027-03-14")).toBe(0);
    expect(daysUntil("2027-03-31", "2027-03-24")).toBe(7);
    expect(daysUntil("2027-03-13", "2027-03-14")).toBe(-1);
  });
});
