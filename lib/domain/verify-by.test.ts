import { addDays, daysUntil, personDeadline, statutoryVerifyBy, verifyBy } from "./verify-by";

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

  it("binds a PSC notified on or after 18 November 2025 within 14 days, whatever the confirmation statement", () => {
    expect(statutoryVerifyBy({ role: "psc", appointedOn: "2026-02-20", confirmationStatementDue: "2026-03-01", birthMonth: 5 })).toEqual({ date: "2026-03-06", reason: "pscNotified" });
    expect(statutoryVerifyBy({ role: "psc", appointedOn: "2025-11-18" })).toEqual({ date: "2025-12-02", reason: "pscNotified" });
  });

  it("binds an existing PSC to the 14th of the first birth month that begins on or after 18 November 2025", () => {
    expect(statutoryVerifyBy({ role: "psc", appointedOn: "2019-06-01", birthMonth: 12 })).toEqual({ date: "2025-12-14", reason: "pscBirthMonth" });
    // November 2025 began before the 18th: their first window is November 2026.
    expect(statutoryVerifyBy({ role: "psc", birthMonth: 11 })).toEqual({ date: "2026-11-14", reason: "pscBirthMonth" });
    expect(statutoryVerifyBy({ role: "psc", birthMonth: 1, confirmationStatementDue: "2025-12-01" })).toEqual({ date: "2026-01-14", reason: "pscBirthMonth" });
    // Without a birth month the register gives no date for them; the confirmation statement is a director's.
    expect(statutoryVerifyBy({ role: "psc", appointedOn: "2019-06-01", confirmationStatementDue: "2026-01-31" })).toBeNull();
    expect(statutoryVerifyBy({ role: "psc", birthMonth: 13 })).toBeNull();
  });

  it("treats an LLP member, and a person not from the register, as a director", () => {
    expect(statutoryVerifyBy({ role: "llp-member", appointedOn: "2020-01-01", confirmationStatementDue: "2026-05-01" })?.reason).toBe("confirmationStatement");
    expect(statutoryVerifyBy({ role: null, confirmationStatementDue: "2026-05-01" })?.reason).toBe("confirmationStatement");
    expect(statutoryVerifyBy({ role: "llp-member", appointedOn: "2026-01-05", confirmationStatementDue: "2026-05-01" })).toEqual({ date: "2026-01-05", reason: "appointment" });
  });

  it("takes the earliest of the requested and the statutory date", () => {
    expect(verifyBy({ requested: "2027-03-14", confirmationStatementDue: "2027-01-31" })).toEqual({ date: "2027-01-31", reason: "confirmationStatement" });
    expect(verifyBy({ requested: "2026-12-01", confirmationStatementDue: "2027-01-31" })).toEqual({ date: "2026-12-01", reason: "requested" });
  });
});

describe("personDeadline", () => {
  const facts = { requested: "2027-03-14", confirmationStatementDue: "2027-01-31" };

  it("gives someone still to be verified their date, the days left and whether it has passed", () => {
    expect(personDeadline({ status: "AwaitingIDInfo" }, facts, "2027-01-01")).toEqual({ date: "2027-01-31", reason: "confirmationStatement", daysLeft: 30, overdue: false });
    expect(personDeadline({ status: "UnderReview" }, facts, "2027-01-31")).toMatchObject({ daysLeft: 0, overdue: false });
    expect(personDeadline({ status: "AwaitingAuthCode" }, facts, "2027-02-01")).toMatchObject({ daysLeft: -1, overdue: true });
  });

  it("gives none to someone complete, rejected or deleted, or whom no date binds", () => {
    expect(personDeadline({ status: "Complete" }, facts, "2027-02-01")).toBeNull();
    expect(personDeadline({ status: "Rejected" }, facts, "2027-02-01")).toBeNull();
    expect(personDeadline({ status: "AwaitingIDInfo", isDeleted: true }, facts, "2027-02-01")).toBeNull();
    expect(personDeadline({ status: "AwaitingIDInfo" }, {}, "2027-02-01")).toBeNull();
  });
});

describe("addDays", () => {
  it("adds calendar days across months, years and a change of the clocks", () => {
    expect(addDays("2025-11-18", 14)).toBe("2025-12-02");
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addDays("2027-03-20", 14)).toBe("2027-04-03");
  });
});

describe("daysUntil", () => {
  it("counts whole calendar days, negative once passed, across a change of the clocks", () => {
    expect(daysUntil("2027-03-14", "2027-03-14")).toBe(0);
    expect(daysUntil("2027-03-31", "2027-03-24")).toBe(7);
    expect(daysUntil("2027-03-13", "2027-03-14")).toBe(-1);
  });
});
