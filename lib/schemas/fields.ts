import { maxLength, minLength, string, trim } from "zod/mini";

/*
 * Schemas that run in the browser use zod's small build (zod/mini) with named imports, so the
 * bundler keeps only the checks they use: the same rules as on the server at a fraction of the
 * JavaScript, which keeps the sign-in page within its budget.
 * Messages are keys under `validation` in messages/en-GB.json.
 */

/** Required text, trimmed, at most `max` characters. */
export function trimmedText(max: number) {
  return string({ error: "required" }).check(trim(), minLength(1, "required"), maxLength(max, "tooLong"));
}
