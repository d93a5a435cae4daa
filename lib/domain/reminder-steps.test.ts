import { parseReminderDays, reminderGaps, summaryGaps } from "./reminder-steps";

describe("reminder steps", () => {
  it("reads the configured days and refuses lists that cannot be a schedule", () => {
    expect(parseReminderDays("2,5,10")).toEqual([2, 5, 10]);
    expect(parseReminderDays(" 3 ")).toEqual([3]);
    expect(parseReminderDays("")).toMatch(/comma-separated/);
    expect(parseReminderDays("2,,5")).toMatch(/comma-separated/);
    expect(parseReminderDays("2,x")).toMatch(/comma-separated/);
    expect(parseReminderDays("-1,2")).toMatch(/comma-separated/);
    expect(parseReminderDays("0,2")).toMatch(/1 to 365/);
    expect(parseReminderDays("5,2")).toMatch(/increasing/);
    expect(parseReminderDays("2,2")).toMatch(/increasing/);
  });

  it("turns days after the invitation into waits after the step before", () => {
    expect(reminderGaps([2, 5, 10])).toEqual([2, 3, 5]);
    expect(reminderGaps([7])).toEqual([7]);
    expect(summaryGaps([2, 5, 10])).toEqual([0, 3, 5]);
  });
});

describe("REMINDER_DAYS", () => {
  it("defaults to days 2, 5 and 10, and a bad list stops the process naming the variable", async () => {
    const { parseEnv } = await import("@/lib/env");
    expect(parseEnv({}).REMINDER_DAYS).toEqual([2, 5, 10]);
    expect(parseEnv({ REMINDER_DAYS: "1,3" }).REMINDER_DAYS).toEqual([1, 3]);
    expect(() => parseEnv({ REMINDER_DAYS: "10,5" })).toThrow(/REMINDER_DAYS: the days must be in increasing order/);
  });
});
