/*
 * By when a person must be verified (pure). Three dates may bind them, and the earliest wins:
 * - the date their company asked for on its request (`requested`);
 * - the law's, from the register: since identity verification began at Companies House
 *   (18 November 2025), a director appointed before then must verify by their company's next
 *   confirmation statement date, and one appointed on or after it at appointment.
 * All dates are calendar days `YYYY-MM-DD`, compared as text (the format sorts by date).
 */

/** The day Companies House began to require identity verification of directors. */
export const IDENTITY_VERIFICATION_START = "2025-11-18";

export interface VerifyByFacts {
  /** The date the company asked for on its request. */
  requested?: string | null;
  /** The company's next confirmation statement date, from the register. */
  confirmationStatementDue?: string | null;
  /** When the person was appointed, from the register. */
  appointedOn?: string | null;
}

export type VerifyByReason = "requested" | "confirmationStatement" | "appointment";

export interface VerifyBy {
  date: string;
  reason: VerifyByReason;
}

/** The statutory date alone (null when the register tells us nothing). */
export function statutoryVerifyBy({ confirmationStatementDue, appointedOn }: VerifyByFacts): VerifyBy | null {
  if (appointedOn && appointedOn >= IDENTITY_VERIFICATION_START) return { date: appointedOn, reason: "appointment" };
  if (confirmationStatementDue) return { date: confirmationStatementDue, reason: "confirmationStatement" };
  return null;
}

/** The earliest date that binds the person, and why; null when none does. */
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
