import { extend, maxLength, optional, string, type ZodMiniObject } from "zod/mini";

/**
 * The bot check's token in a JSON body (what grecaptcha.enterprise.execute gave the page; machine
 * callers outside production may send the simulator's fixed `test-pass`). Optional here on purpose:
 * a missing token is not a form mistake to point at but a failed bot check, which the server
 * answers with 'Verification failed. Please try again.' like any other refused token. Real tokens
 * are a couple of kilobytes at most.
 */
export const captchaToken = optional(string().check(maxLength(8192, "tooLong")));

/** A form's schema plus `captchaToken`: the body of the JSON route the form posts to. */
export function withCaptchaToken<S extends ZodMiniObject>(schema: S) {
  return extend(schema, { captchaToken });
}
