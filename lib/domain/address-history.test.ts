import fc from "fast-check";
import { checkAddressHistory, coverageStart, dayNumber, isoOfDay, monthsBefore, needsPreviousAddresses, type Period } from "./address-history";

/*
 * Property tests: histories are generated as chains of periods that meet (same day or next day)
 * and cover 12 months, so they are valid by construction; each property then breaks one rule in
 * one place and expects exactly that rule to be reported.
 */

const todayArb = fc.integer({ min: dayNumber("2001-01-01")!, max: dayNumber("2099-12-31")! }).map(isoOfDay);

interface Chain {
  today: string;
  currentStart: string;
  /** Oldest first. */
  previous: { startDate: string; endDate: string }[];
}

/** A valid chain: lengths of stay and the 0/1-day step between addresses are random. */
const chainArb: fc.Arbitrary<Chain> = fc
  .record({
    today: todayArb,
    // Days the current address has been lived in (0: moved in today), and the earlier stays.
    currentDays: fc.integer({ min: 0, max: 800 }),
    stays: fc.array(fc.record({ days: fc.integer({ min: 1, max: 400 }), step: fc.constantFrom(0, 1) }), { maxLength: 6 }),
    extraBefore: fc.integer({ min: 0, max: 200 }),
  })
  .map(({ today, currentDays, stays, extraBefore }) => {
    const t = dayNumber(today)!;
    const currentStart = t - currentDays;
    const previous: { start: number; end: number }[] = [];
    let nextStart = currentStart;
    for (const { days, step } of stays) {
      const end = nextStart - step;
      previous.unshift({ start: end - days, end });
      nextStart = end - days;
    }
    // Make sure 12 months are covered: stretch the oldest period (or the current one) back.
    const needed = dayNumber(coverageStart(today))! - extraBefore;
    if (previous.length) previous[0]!.start = Math.min(previous[0]!.start, needed);
    const current = previous.length ? currentStart : Math.min(currentStart, needed);
    return {
      today,
      currentStart: isoOfDay(current),
      previous: previous.map((p) => ({ startDate: isoOfDay(p.start), endDate: isoOfDay(p.end) })),
    };
  });

const problems = (c: { today: string; currentStart: string | null; previous: Period[] }) =>
  checkAddressHistory(c.currentStart, c.previous, c.today).map((i) => i.problem);

describe("address history", () => {
  it("accepts every contiguous history that covers 12 months, in any order", () => {
    fc.assert(
      fc.property(chainArb, fc.infiniteStream(fc.nat()), (c, seeds) => {
        const shuffled = [...c.previous].sort(() => (seeds.next().value % 3) - 1);
        expect(checkAddressHistory(c.currentStart, shuffled, c.today)).toEqual([]);
      }),
    );
  });

  it("finds a gap of two days or more between two periods", () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.previous.length > 0),
        fc.nat(),
        fc.integer({ min: 2, max: 60 }),
        (c, pick, gap) => {
          const i = pick % c.previous.length;
          const p = c.previous[i]!;
          // Shorten the period at its end, leaving a hole before whatever follows it.
          const following = i + 1 < c.previous.length ? dayNumber(c.previous[i + 1]!.startDate)! : dayNumber(c.currentStart)!;
          const newEnd = following - gap;
          fc.pre(newEnd > dayNumber(p.startDate)!);
          const previous = c.previous.map((q, j) => (j === i ? { ...q, endDate: isoOfDay(newEnd) } : q));
          expect(problems({ ...c, previous })).toEqual(["gap"]);
        },
      ),
    );
  });

  it("finds two periods that overlap", () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.previous.length > 0),
        fc.nat(),
        fc.integer({ min: 1, max: 60 }),
        (c, pick, by) => {
          const i = pick % c.previous.length;
          const following = i + 1 < c.previous.length ? c.previous[i + 1]! : null;
          const followingStart = following ? dayNumber(following.startDate)! : dayNumber(c.currentStart)!;
          const followingEnd = following ? dayNumber(following.endDate)! : dayNumber(c.today)!;
          // Stretch the period past the start of the next one (but not past that one's end or today).
          const newEnd = Math.min(followingStart + by, followingEnd - 1, dayNumber(c.today)!);
          fc.pre(newEnd > followingStart);
          const previous = c.previous.map((q, j) => (j === i ? { ...q, endDate: isoOfDay(newEnd) } : q));
          expect(problems({ ...c, previous })).toEqual(["overlap"]);
        },
      ),
    );
  });

  it("refuses any date after today", () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), fc.integer({ min: 1, max: 5000 }), (c, pick, ahead) => {
        const future = isoOfDay(dayNumber(c.today)! + ahead);
        const slots = c.previous.length * 2 + 1;
        const slot = pick % slots;
        if (slot === 0) {
          expect(problems({ ...c, currentStart: future })).toContain("future");
        } else {
          const i = Math.floor((slot - 1) / 2);
          const field = slot % 2 ? "startDate" : "endDate";
          const previous = c.previous.map((q, j) => (j === i ? { ...q, [field]: future } : q));
          expect(problems({ ...c, previous })).toContain("future");
        }
      }),
    );
  });

  it("refuses a previous address that ends on or before its start", () => {
    fc.assert(
      fc.property(
        chainArb.filter((c) => c.previous.length > 0),
        fc.nat(),
        fc.nat({ max: 100 }),
        (c, pick, before) => {
          const i = pick % c.previous.length;
          const start = dayNumber(c.previous[i]!.startDate)!;
          const previous = c.previous.map((q, j) => (j === i ? { ...q, endDate: isoOfDay(start - before) } : q));
          expect(problems({ ...c, previous })).toEqual(["endBeforeStart"]);
        },
      ),
    );
  });

  it("refuses a history that starts after the same day 12 months ago", () => {
    fc.assert(
      fc.property(chainArb, fc.integer({ min: 1, max: 300 }), (c, short) => {
        const from = dayNumber(coverageStart(c.today))! + short;
        fc.pre(from <= dayNumber(c.today)!);
        if (c.previous.length) {
          fc.pre(from < dayNumber(c.previous[0]!.endDate)!);
          const previous = c.previous.map((q, j) => (j === 0 ? { ...q, startDate: isoOfDay(from) } : q));
          expect(problems({ ...c, previous })).toEqual(["notCovered"]);
        } else {
          expect(problems({ ...c, currentStart: isoOfDay(from) })).toEqual(["notCovered"]);
          expect(needsPreviousAddresses(isoOfDay(from), c.today)).toBe(true);
        }
      }),
    );
  });

  it("accepts a current address of exactly 12 months, and needs a previous one a day later", () => {
    expect(problems({ today: "2026-11-23", currentStart: "2025-11-23", previous: [] })).toEqual([]);
    expect(problems({ today: "2026-11-23", currentStart: "2025-11-24", previous: [] })).toEqual(["notCovered"]);
    expect(needsPreviousAddresses("2025-11-23", "2026-11-23")).toBe(false);
  });

  it("requires both dates of a previous address and the current start date", () => {
    expect(checkAddressHistory(null, [{ startDate: "2020-01-01", endDate: null }], "2026-11-23")).toEqual([
      { entry: "current", field: "startDate", problem: "startRequired" },
      { entry: 0, field: "endDate", problem: "endRequired" },
    ]);
  });

  it("refuses a previous address that starts after the current one", () => {
    expect(problems({ today: "2026-11-23", currentStart: "2024-01-01", previous: [{ startDate: "2024-06-01", endDate: "2024-07-01" }] })).toEqual(["afterCurrent"]);
  });

  it("counts months back to the last day of a shorter month", () => {
    expect(monthsBefore("2024-02-29", 12)).toBe("2023-02-28");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2026-01-15", 12)).toBe("2025-01-15");
  });

  it("reads only real calendar dates", () => {
    expect(dayNumber("2026-02-30")).toBeNull();
    expect(dayNumber("26-01-01")).toBeNull();
    expect(dayNumber("2026-02-28")).not.toBeNull();
  });
});
