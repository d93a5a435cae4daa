/*
 * By when a person must be verified (pure). Several dates may bind them, and the earliest wins:
 * - the date their company asked for on its request (`requested`);
 * - the law's, from the register, since identity verification began at Companies House
 *   (18 November 2025):
 *   - a director (or LLP member) appointed before then must verify by their company's next
 *     confirmation statement date, one appointed on or after it at appointment;
 *   - a person with significant control (PSC, role `psc`) notified on or after it within 14 days
 *     of becoming one; one from before it within the first 14 days of their month of birth, in the
 *     first year (the 14th of the first birth month that begins on or after 18 November 2025).
 *   A person the register says nothing about (picked by hand on the request) counts as an existing
 *   director: the confirmation statement binds them.
 * All dates are calendar days `YYYY-MM-DD`, compared as text (the format sorts by date).
 *
 * The database computes the same rule in SQL (statutory_verify_by and person_verify_by, migration
 * 0040) for the reminders and the admin search; tests/integration/verify-by-sql.test.ts holds the
 * two to the same answers.
 */

/** The day Companies House began to require identity verification of directors. */
export const IDENTITY_VERIFICATION_START = "2025-11-18";

/** Days a newly notified PSC has to verify, and the length of an existing PSC's window in their birth month. */
export const PSC_DAYS = 14;

export interface VerifyByFacts {
  /** The date the company asked for on its request. */
  requested?: string | null;
  /** The company's next confirmation statement date, from the register. */
  confirmationStatementDue?: string | null;
  /** When the person was appointed (an officer) or notified (a PSC), from the register. */
  appointedOn?: string | null;
  /** Their role on the register: "director", "llp-member", "psc", ... (null: not from the register). */
  role?: string | null;
  /** The month of birth the register shows (1 to 12), which sets an existing PSC's window. */
  birthMonth?: number | null;
}

export type VerifyByReason = "requested" | "confirmationStatement" | "appointment" | "pscNotified" | "pscBirthMonth";

export interface VerifyBy {
  date: string;
  reason: VerifyByReason;
}

/** `YYYY-MM-DD` plus whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The 14th of the first `month` (1 to 12) that begins on or after 18 November 2025. */
function birthMonthDeadline(month: number): string {
  const year = month === 12 ? 2025 : 2026;
  return `${year}-${String(month).padStart(2, "0")}-${String(PSC_DAYS).padStart(2, "0")}`;
}

/** The statutory date alone (null when the register tells us nothing that binds them). */
export function statutoryVerifyBy({ confirmationStatementDue, appointedOn, role, birthMonth }: VerifyByFacts): VerifyBy | null {
  if (role === "psc") {
    if (appointedOn && appointedOn >= IDENTITY_VERIFICATION_START) return { date: addDays(appointedOn, PSC_DAYS), reason: "pscNotified" };
    if (birthMonth && Number.isInteger(birthMonth) && birthMonth >= 1 && birthMonth <= 12) return { date: birthMonthDeadline(birthMonth), reason: "pscBirthMonth" };
    return null;
  }
  if (appointedOn && appointedOn >= IDENTITY_VERIFICATION_START) return { date: appointedOn, reason: "appointment" };
  if (confirmationStatementDue) return { date: confirmationStatementDue, reason: "confirmationStatement" };
  return null;
}

/** The earliest date that binds the person, and why; null when none does. On a tie the company's date is named. */
export function verifyBy(facts: VerifyByFacts): VerifyBy | null {
  const candidates: VerifyBy[] = [];
  if (facts.requested) candidates.push({ date: facts.requested, reason: "requested" });
  const statutory = statutoryVerifyBy(facts);
  if (statutory) candidates.push(statutory);
  return candidates.reduce<VerifyBy | null>((earliest, c) => (earliest === null || c.date < earliest.date ? c : earliest), null);
}

/** Whole days from `today` to the date (negative when it has passed). */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The statuses in which a person has nothing left to be verified for. */
const FINISHED = new Set(["Complete", "Rejected"]);

export interface Deadline extends VerifyBy {
  /** Whole days left (0 on the day itself; negative once passed). */
  daysLeft: number;
  /** The date has passed and they are not verified. */
  overdue: boolean;
}

/**
 * A person's deadline as people are shown it: their verify-by date, the days left and whether it
 * has passed, for someone still to be verified; null for someone complete, rejected or deleted (no
 * deadline concerns them any more) and for someone no date binds.
 */
export function personDeadline(person: { status: string; isDeleted?: boolean }, facts: VerifyByFacts, today: string): Deadline | null {
  if (person.isDeleted || FINISHED.has(person.status)) return null;
  const binding = verifyBy(facts);
  if (!binding) return null;
  const daysLeft = daysUntil(binding.date, today);
  return { ...binding, daysLeft, overdue: daysLeft < 0 };
}
