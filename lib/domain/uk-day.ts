/*
 * The UK calendar day (Europe/London, with its summer time), for limits counted per day. Pure.
 */

const HOUR_MS = 60 * 60_000;

/** How far UK clocks are ahead of UTC at `at`: 0 (GMT) or 1 hour (BST). */
function ukOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / HOUR_MS) * HOUR_MS;
}

/** The instant the next UK day starts (midnight in London) after `now`. */
export function nextUkMidnight(now: Date): Date {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  // The clocks change at 01:00 UTC, so the offset at UTC midnight is the offset at London midnight.
  const utcMidnight = new Date(Date.UTC(y, m - 1, d + 1));
  return new Date(utcMidnight.getTime() - ukOffsetMs(utcMidnight));
}

/** Whole seconds from `now` until the next UK day starts (at least 1): a Retry-After for a daily limit. */
export function secondsUntilNextUkDay(now: Date): number {
  return Math.max(1, Math.ceil((nextUkMidnight(now).getTime() - now.getTime()) / 1000));
}
