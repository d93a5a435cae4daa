import { nextUkMidnight, secondsUntilNextUkDay } from "./uk-day";

describe("nextUkMidnight", () => {
  it("is midnight UTC in winter and 23:00 UTC the day before in summer", () => {
    expect(nextUkMidnight(new Date("2026-01-15T10:00:00Z")).toISOString()).toBe("2026-01-16T00:00:00.000Z");
    expect(nextUkMidnight(new Date("2026-07-15T10:00:00Z")).toISOString()).toBe("2026-07-15T23:00:00.000Z");
    // 23:30 UTC in summer is already the next UK day.
    expect(nextUkMidnight(new Date("2026-07-15T23:30:00Z")).toISOString()).toBe("2026-07-16T23:00:00.000Z");
  });

  it("follows the clock changes", () => {
    // Clocks go forward on 29 March 2026 at 01:00 UTC: that day has 23 hours.
    expect(nextUkMidnight(new Date("2026-03-28T12:00:00Z")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(nextUkMidnight(new Date("2026-03-29T12:00:00Z")).toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // Back on 25 October 2026 at 01:00 UTC: that day has 25 hours.
    expect(nextUkMidnight(new Date("2026-10-25T00:30:00Z")).toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });
});

describe("secondsUntilNextUkDay", () => {
  it("counts whole seconds, at least one", () => {
    expect(secondsUntilNextUkDay(new Date("2026-01-15T23:00:00Z"))).toBe(3600);
    expect(secondsUntilNextUkDay(new Date("2026-01-15T23:59:59.500Z"))).toBe(1);
  });
});
