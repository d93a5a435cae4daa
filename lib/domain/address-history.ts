/*
 * The rules of a director's address history: where they have lived over the last 12 months.
 *
 * A history is the current address (from its start date until today) and any previous addresses,
 * each with a start and an end date. It is acceptable when
 * - no date lies after today;
 * - every previous address ends after it starts;
 * - taken in order, each period begins where the one before it ended, or on the next day (people
 *   move on one day: leaving one address and arriving at the next on the same date is not an
 *   overlap, and the day after is not a gap); anything later is a gap, anything earlier an overlap;
 * - the current address is the latest period;
 * - the earliest start date is on or before the same day 12 months ago.
 *
 * Pure and free of I/O: the same module checks the form in the browser and the patch on the
 * server. Dates are ISO calendar dates `YYYY-MM-DD`, compared as days in UTC so that no time zone
 * or daylight-saving change moves a boundary.
 */

/** Months the history must cover, counting back from today. */
export const HISTORY_MONTHS = 12;

export interface Period {
  startDate: string | null | undefined;
  endDate: string | null | undefined;
}

/** An address of a director's history as stored (a row of director_addresses); endDate is null for the current one. */
export interface DatedAddress {
  addressLine1: string | null;
  addressLine2: string | null;
  addressLine3: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  startDate: string | null;
  endDate: string | null;
}

export type AddressHistoryProblem =
  | "startRequired"
  | "endRequired"
  | "future"
  | "endBeforeStart"
  | "overlap"
  | "gap"
  | "afterCurrent"
  | "notCovered";

export interface AddressHistoryIssue {
  /** "current" for the current address, else the index of the previous address as given. */
  entry: "current" | number;
  field: "startDate" | "endDate";
  problem: AddressHistoryProblem;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date, or null when it is not a real calendar date. */
export function dayNumber(iso: string | null | undefined): number | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== iso) return null;
  return ms / DAY_MS;
}

/** The ISO date of a day number. */
export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today in the UK as an ISO date (the portal's users are in the UK). */
export function todayInUk(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/**
 * The same day `months` months before `iso` (29 February falls back to 28 February, 31 March to
 * the last day of February, and so on).
 */
export function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12; // 0-based
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoOfDay(Date.UTC(year, month, Math.min(d, lastDay)) / DAY_MS);
}

/** The date from which the history must be known, for a given today. */
export function coverageStart(today: string): string {
  return monthsBefore(today, HISTORY_MONTHS);
}

/**
 * Checks a history against the rules above. `currentStartDate` is the current address's start date;
 * `previous` the earlier addresses in any order. Returns every issue found (empty: acceptable).
 */
export function checkAddressHistory(currentStartDate: string | null | undefined, previous: readonly Period[], today: string): AddressHistoryIssue[] {
  const issues: AddressHistoryIssue[] = [];
  const todayN = dayNumber(today);
  if (todayN === null) throw new Error(`not a date: ${today}`);

  // A date of `entry` is given and not in the future; else the issue is recorded and the answer is false.
  const dayGiven = (entry: AddressHistoryIssue["entry"], field: "startDate" | "endDate", day: number | null) => {
    if (day === null) issues.push({ entry, field, problem: field === "startDate" ? "startRequired" : "endRequired" });
    else if (day > todayN) issues.push({ entry, field, problem: "future" });
    return day !== null && day <= todayN;
  };

  const currentStart = dayNumber(currentStartDate);
  dayGiven("current", "startDate", currentStart);

  type Span = { entry: number; start: number; end: number };
  const spans: Span[] = [];
  previous.forEach((p, entry) => {
    const start = dayNumber(p.startDate);
    const end = dayNumber(p.endDate);
    const startOk = dayGiven(entry, "startDate", start);
    let ok = dayGiven(entry, "endDate", end) && startOk;
    if (ok && end! <= start!) {
      issues.push({ entry, field: "endDate", problem: "endBeforeStart" });
      ok = false;
    }
    if (ok) spans.push({ entry, start: start!, end: end! });
  });
  // Order and coverage are only meaningful once every entry is well-formed on its own.
  if (issues.length || currentStart === null) return issues;

  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  for (const s of spans) {
    if (s.start >= currentStart) issues.push({ entry: s.entry, field: "startDate", problem: "afterCurrent" });
  }
  if (issues.length) return issues;

  // Walk the chain: each period against the one before it, the current address last.
  const chain = [...spans.map((s) => ({ entry: s.entry as AddressHistoryIssue["entry"], start: s.start, end: s.end })), { entry: "current" as const, start: currentStart, end: todayN }];
  for (let i = 1; i < chain.length; i++) {
    const before = chain[i - 1]!;
    const here = chain[i]!;
    if (here.start < before.end) issues.push({ entry: here.entry, field: "startDate", problem: "overlap" });
    else if (here.start > before.end + 1) issues.push({ entry: here.entry, field: "startDate", problem: "gap" });
  }
  if (issues.length) return issues;

  const from = dayNumber(coverageStart(today))!;
  if (chain[0]!.start > from) issues.push({ entry: chain[0]!.entry, field: "startDate", problem: "notCovered" });
  return issues;
}

/** Whether the current address alone, or with these previous addresses, is enough. */
export function isHistoryComplete(currentStartDate: string | null | undefined, previous: readonly Period[], today: string): boolean {
  return checkAddressHistory(currentStartDate, previous, today).length === 0;
}

/** Whether previous addresses are still needed: the current address began after the coverage start. */
export function needsPreviousAddresses(currentStartDate: string | null | undefined, today: string): boolean {
  const start = dayNumber(currentStartDate);
  if (start === null) return false;
  return start > dayNumber(coverageStart(today))!;
}
