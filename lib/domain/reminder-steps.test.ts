import { deadlineStep, deadlineStepDue, deadlineStepTable, parseDeadlineReminderDays, parseReminderDays, reminderGaps, summaryGaps } from "./reminder-steps";

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

describe("deadline reminder steps", () => {
  const steps = [30, 14, 7, 1];

  it("reads the configured days, largest first, and refuses lists that cannot be steps", () => {
    expect(parseDeadlineReminderDays("30,14,7,1")).toEqual([30, 14, 7, 1]);
    expect(parseDeadlineReminderDays("1, 7,30 ,14")).toEqual([30, 14, 7, 1]);
    expect(parseDeadlineReminderDays("0")).toEqual([0]);
    expect(parseDeadlineReminderDays("")).toMatch(/comma-separated/);
    expect(parseDeadlineReminderDays("30,,7")).toMatch(/comma-separated/);
    expect(parseDeadlineReminderDays("-1")).toMatch(/comma-separated/);
    expect(parseDeadlineReminderDays("400")).toMatch(/0 to 365/);
    expect(parseDeadlineReminderDays("7,7")).toMatch(/once/);
  });

  it("puts each number of days left in the nearest step at or beyond it; none before the first step or past the date", () => {
    expect([31, 30, 15, 14, 8, 7, 2, 1, 0, -1].map((d) => deadlineStep(d, steps))).toEqual([null, 30, 30, 14, 14, 7, 7, 1, 1, null]);
    expect(deadlineStep(0, [30, 0])).toBe(0);
    expect(deadlineStep(5, [])).toBeNull();
  });

  it("sends each step once per date, a late run the latest step passed, never an earlier one after a nearer", () => {
    // On time: 30, 14, 7 and 1 days before.
    expect(deadlineStepDue(30, steps, null)).toBe(30);
    expect(deadlineStepDue(29, steps, 30)).toBeNull();
    expect(deadlineStepDue(14, steps, 30)).toBe(14);
    expect(deadlineStepDue(7, steps, 14)).toBe(7);
    expect(deadlineStepDue(1, steps, 7)).toBe(1);
    expect(deadlineStepDue(0, steps, 1)).toBeNull();
    // A run missed at 30 days: the 30-day step goes at 29; missed until 10 days: only the 14-day step.
    expect(deadlineStepDue(29, steps, null)).toBe(30);
    expect(deadlineStepDue(10, steps, null)).toBe(14);
    expect(deadlineStepDue(10, steps, 14)).toBeNull();
    expect(deadlineStepDue(-1, steps, null)).toBeNull();
  });

  it("tabulates the step of every number of days left for the SQL to read, as deadlineStep gives it", () => {
    const table = deadlineStepTable(steps);
    expect(table).toHaveLength(31);
    table.forEach((step, daysLeft) => expect(step).toBe(deadlineStep(daysLeft, steps)));
    expect(table.slice(0, 9)).toEqual([1, 1, 7, 7, 7, 7, 7, 7, 14]);
    expect(deadlineStepTable([])).toEqual([]);
  });
});

describe("VERIFY_BY_REMINDER_DAYS", () => {
  it("defaults to 30, 14, 7 and 1 days before, and a bad list stops the process naming the variable", async () => {
    const { parseEnv } = await import("@/lib/env");
    expect(parseEnv({}).VERIFY_BY_REMINDER_DAYS).toEqual([30, 14, 7, 1]);
    expect(parseEnv({ VERIFY_BY_REMINDER_DAYS: "7,60" }).VERIFY_BY_REMINDER_DAYS).toEqual([60, 7]);
    expect(() => parseEnv({ VERIFY_BY_REMINDER_DAYS: "7,x" })).toThrow(/VERIFY_BY_REMINDER_DAYS: must be a comma-separated list/);
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
