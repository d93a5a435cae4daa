/**
 * When reminders go. REMINDER_DAYS lists the days after an individual's invitation on which they
 * are reminded, e.g. `2,5,10`: the first reminder on day 2, the second on day 5, the third on day 10,
 * then no more (their company's contact is told from then on). Each step is counted from the
 * invitation or the last reminder, whichever is later, so a reminder sent late (a worker was down,
 * an admin sent one by hand) pushes the next one back rather than letting two arrive on
 * consecutive days.
 */

/** Parses `2,5,10`: whole days, strictly increasing, at least one, each 1 to 365. */
export function parseReminderDays(value: string): number[] | string {
  const parts = value.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) return "must be a comma-separated list of whole days, e.g. 2,5,10";
  const days = parts.map(Number);
  if (days.some((d) => d < 1 || d > 365)) return "each day must be from 1 to 365";
  if (days.some((d, i) => i > 0 && d <= days[i - 1]!)) return "the days must be in increasing order, e.g. 2,5,10";
  return days;
}

/**
 * The wait in days before each reminder, from the invitation (the first) or the reminder before it
 * (the others): `[2,5,10]` gives `[2,3,5]`. Index n is the wait before reminder n+1.
 */
export function reminderGaps(days: readonly number[]): number[] {
  return days.map((d, i) => (i === 0 ? d : d - days[i - 1]!));
}

/**
 * The wait before each summary to a company's contact: the first as soon as the company is
 * overdue, the others spaced as the individuals' reminders are (`[2,5,10]` gives `[0,3,5]`).
 */
export function summaryGaps(days: readonly number[]): number[] {
  return reminderGaps(days).map((g, i) => (i === 0 ? 0 : g));
}
