/*
 * How the operator's page names things it reads from the system (job queues, outside services,
 * webhook event types, cron timetables) in people's words: each becomes a message key, and the
 * page shows that key's message, or a general one when there is none. Pure, for unit tests.
 */

/** A name as a message key: `invoice.raise` → `invoiceRaise`, `SESSION_COMPLETION` → `sessionCompletion`. */
export function messageKeyOf(name: string): string {
  const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return parts.map((p, i) => (i === 0 ? p.toLowerCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())).join("");
}

/** A five-field cron timetable, where it is one the page can say in words. */
export type Timetable = { kind: "daily"; hour: number; minute: number } | { kind: "hourly"; minutes: number[] } | { kind: "custom" };

const number = (field: string, max: number) => (/^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : undefined);

/**
 * `17 3 * * *` → every day at 03:17; `7,22,37,52 * * * *` → every hour at those minutes; anything
 * else (days of the week, steps, ranges) → custom.
 */
export function timetableOf(cron: string): Timetable {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || fields.slice(2).some((f) => f !== "*")) return { kind: "custom" };
  const [minuteField, hourField] = fields as [string, string];
  const minutes = minuteField.split(",").map((m) => number(m, 59));
  if (minutes.some((m) => m === undefined)) return { kind: "custom" };
  if (hourField === "*") return { kind: "hourly", minutes: [...new Set(minutes as number[])].sort((a, b) => a - b) };
  const hour = number(hourField, 23);
  if (hour === undefined || minutes.length !== 1) return { kind: "custom" };
  return { kind: "daily", hour, minute: minutes[0]! };
}
