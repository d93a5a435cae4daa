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

/*
 * Deadline reminders. VERIFY_BY_REMINDER_DAYS lists how many days before a person's verify-by date
 * (lib/domain/verify-by.ts) they are reminded of it, e.g. `30,14,7,1`: once when 30 days are left,
 * once at 14, 7 and 1. Each step goes once per date: a step missed (no run that day, or the person
 * had another reminder that day) goes at the next run while it is still the latest one passed, and
 * is otherwise skipped for the nearer one, so a late run never sends two steps in a row. A new date
 * (the company filed its confirmation statement, the request's date changed) starts the steps again.
 * None goes once the date has passed (their company's contact is told of them).
 */

/** Parses `30,14,7,1`: whole days from 0 (the day itself) to 365, each once, in any order; answered largest first. */
export function parseDeadlineReminderDays(value: string): number[] | string {
  const parts = value.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) return "must be a comma-separated list of whole days, e.g. 30,14,7,1";
  const days = parts.map(Number);
  if (days.some((d) => d > 365)) return "each day must be from 0 to 365";
  if (new Set(days).size !== days.length) return "each day may be given once";
  return days.sort((a, b) => b - a);
}

/** The step that `daysLeft` days before the date falls in: the nearest step at or beyond it; null past the date or before the first step. */
export function deadlineStep(daysLeft: number, steps: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const reached = steps.filter((s) => s >= daysLeft);
  return reached.length ? Math.min(...reached) : null;
}

/**
 * The step to remind of now, if one is due: the step `daysLeft` falls in, unless that step (or a
 * nearer one) was already sent for this date (`sentStep`, the last step sent, null for none).
 */
export function deadlineStepDue(daysLeft: number, steps: readonly number[], sentStep: number | null): number | null {
  const step = deadlineStep(daysLeft, steps);
  if (step === null) return null;
  return sentStep === null || step < sentStep ? step : null;
}

/**
 * deadlineStep for every number of days left from 0 to the largest step, as a list (index = days
 * left): the reminders' SQL reads a person's step from it, so the rule is written once, here.
 */
export function deadlineStepTable(steps: readonly number[]): (number | null)[] {
  const furthest = steps.length ? Math.max(...steps) : -1;
  return Array.from({ length: furthest + 1 }, (_, daysLeft) => deadlineStep(daysLeft, steps));
}
