import { randomBytes } from "node:crypto";

/**
 * Client and director references (docs/domain.md): random, not sequential, and easy to read aloud and
 * type. The alphabet leaves out characters that are easily confused: 0/O, 1/I/L.
 * A reference is the second thing a person types to sign in, so it is not a secret on its own;
 * with 31 symbols, 8 characters give 31^8 ≈ 8.5 × 10^11 possibilities.
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 8;

const alphabetSize = REFERENCE_ALPHABET.length; // 31
// Largest multiple of the alphabet size not above 256: bytes at or above it are rejected, so
// every symbol is equally likely (no modulo bias).
const unbiasedLimit = 256 - (256 % alphabetSize);

/** A new random reference, e.g. `HWH7K2QP`, optionally after a prefix (`generateReference("D")`). */
export function generateReference(prefix = "", length = REFERENCE_LENGTH): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError("length must be a positive integer");
  let out = "";
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const byte of bytes) {
      if (byte >= unbiasedLimit) continue;
      out += REFERENCE_ALPHABET[byte % alphabetSize];
      if (out.length === length) break;
    }
  }
  return prefix + out;
}

/** What a person typed, in canonical form: trimmed, upper case, without spaces or dashes. */
export function normalizeReference(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

/**
 * Could this (normalised) value be a reference? Only symbols of the alphabet, and a sensible length
 * (a prefix may make it longer than 8). A cheap check before any database lookup.
 */
export function isReference(value: string): boolean {
  if (value.length < 6 || value.length > 16) return false;
  for (const ch of value) if (!REFERENCE_ALPHABET.includes(ch)) return false;
  return true;
}
