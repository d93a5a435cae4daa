/*
 * The Companies House personal code as people type and see it: pure rules that the browser's forms
 * share with the server. Storing it (encrypted) is lib/crypto/personal-code.ts, which needs Node's
 * crypto and must stay out of browser code: importing it from a client component once put a
 * polyfill of Node's crypto into the director's page (docs/speed.md has the budgets).
 */

/** An 11-character code of letters and digits, as stored once decrypted. */
export const PERSONAL_CODE_PATTERN = /^[A-Z0-9]{11}$/;

/**
 * What a person typed, as the code to store: spaces removed, upper case. Null when it is not 11
 * letters and digits.
 */
export function normalisePersonalCode(input: string): string | null {
  const code = input.replace(/\s+/g, "").toUpperCase();
  return PERSONAL_CODE_PATTERN.test(code) ? code : null;
}

/** The code as shown to anyone but an admin: only its last three characters. */
export function maskPersonalCode(code: string): string {
  return `${"•".repeat(Math.max(0, code.length - 3))}${code.slice(-3)}`;
}
