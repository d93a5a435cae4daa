import { messageKeyOf, timetableOf } from "./words";

describe("messageKeyOf", () => {
  it.each([
    ["invoice.raise", "invoiceRaise"],
    ["identity-check.sweep-expired-sessions", "identityCheckSweepExpiredSessions"],
    ["companies-house", "companiesHouse"],
    ["jobs.failed", "jobsFailed"],
    ["checkout.session.async_payment_succeeded", "checkoutSessionAsyncPaymentSucceeded"],
    ["SESSION_COMPLETION", "sessionCompletion"],
    ["stripe", "stripe"],
  ])("%s → %s", (name, key) => expect(messageKeyOf(name)).toBe(key));

  it("never yields a dot, which would nest the key", () => {
    expect(messageKeyOf("a.b.c")).not.toContain(".");
  });
});

describe("timetableOf", () => {
  it("reads a daily time", () => {
    expect(timetableOf("17 3 * * *")).toEqual({ kind: "daily", hour: 3, minute: 17 });
    expect(timetableOf("43 9 * * *")).toEqual({ kind: "daily", hour: 9, minute: 43 });
  });

  it("reads minutes past every hour, in order", () => {
    expect(timetableOf("7,22,37,52 * * * *")).toEqual({ kind: "hourly", minutes: [7, 22, 37, 52] });
    expect(timetableOf("52,7 * * * *")).toEqual({ kind: "hourly", minutes: [7, 52] });
  });

  it("leaves anything else as its own timetable", () => {
    for (const cron of ["*/5 * * * *", "0 9 * * 1", "0 9-17 * * *", "0 9 1 * *", "60 3 * * *", "0 24 * * *", "1,2 3 * * *", "bad", "* * * *"]) {
      expect(timetableOf(cron)).toEqual({ kind: "custom" });
    }
  });
});
