/*
 * Which characters a text field accepts, shared by every schema (zod and zod/mini alike: both take
 * these predicates with `refine`). Plain functions, so the browser bundles only a few regexes.
 *
 * - No text anywhere holds NUL or another control character (apart from tab and line breaks in
 *   multi-line text): PostgreSQL refuses NUL in text, and the rest have no business in a name,
 *   a note or an email.
 * - No lone surrogate (half of a UTF-16 pair): it cannot be encoded as UTF-8, so PostgreSQL
 *   refuses it too. A well-formed pair (an emoji) is fine.
 * - Single-line text (names, emails, references, search terms) also refuses line breaks and the
 *   Unicode line and paragraph separators: a name with a line break would start a line of its own
 *   in an email or a notification, where it could pass for another field ("Email address: …").
 *
 * The message key for a refusal is INVALID_CHARACTERS (`invalidCharacters`).
 */

export const INVALID_CHARACTERS = "invalidCharacters";

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters other than tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 and C1 control character (tab and line breaks included), and U+2028 / U+2029. */
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** Multi-line text (descriptions, notes, reasons): tab, CR and LF allowed. */
export function isMultiLineText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Single-line text (names, emails, references, search terms): no control character at all. */
export function isSingleLineText(value: string): boolean {
  return !CONTROL_OR_BREAK.test(value) && !LONE_SURROGATE.test(value);
}
