import * as z from "zod/mini";

/*
 * Schemas that run in the browser use zod's small build (zod/mini): the same checks as the full
 * build at a fraction of the JavaScript, which keeps the sign-in page within its budget.
 * Messages are keys under `validation` in messages/en-GB.json.
 */

/** Required text, trimmed, at most `max` characters. */
export function trimmedText(max: number) {
  return z.string({ error: "required" }).check(z.trim(), z.minLength(1, "required"), z.maxLength(max, "tooLong"));
}
