import { maxLength, minLength, refine, string, trim } from "zod/mini";
import { INVALID_CHARACTERS, isMultiLineText, isSingleLineText } from "./text";

/*
 * Schemas that run in the browser use zod's small build (zod/mini) with named imports, so the
 * bundler keeps only the checks they use: the same rules as on the server at a fraction of the
 * JavaScript, which keeps the sign-in page within its budget.
 * Messages are keys under `validation` in messages/en-GB.json.
 */

/**
 * Required text, trimmed, at most `max` characters. Single-line unless `multiline` (which allows
 * tab and line breaks); never NUL, other control characters or lone surrogates (see ./text.ts).
 * `required` is the message key when it is missing or blank: a specific one per field ("Enter the
 * company name") where a person sees it, as the GOV.UK error message pattern asks.
 */
export function trimmedText(max: number, { multiline = false, required = "required" }: { multiline?: boolean; required?: string } = {}) {
  return string({ error: required }).check(
    refine(multiline ? isMultiLineText : isSingleLineText, INVALID_CHARACTERS),
    trim(),
    minLength(1, required),
    maxLength(max, "tooLong"),
  );
}
