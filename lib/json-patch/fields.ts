import { z } from "zod";
import { isCountryCode } from "@/lib/countries";
import { INVALID_CHARACTERS, isMultiLineText, isSingleLineText } from "@/lib/schemas/text";
import { compactIdentifier, isVatNumber } from "@/lib/schemas/uk-identifiers";

/*
 * Field schemas for patch allow-lists and the forms that produce patches. Every schema accepts only
 * values that PostgreSQL stores as given: no NUL or other control characters, no lone surrogates,
 * bounded lengths and integer ranges, real calendar dates. Messages are message keys (under
 * `clientDetail.validation`, falling back to `validation`).
 */

function wellFormed(multiline: boolean) {
  return multiline ? isMultiLineText : isSingleLineText;
}

/** An optional field of `schema`'s text: blank is stored as null, and null is accepted as it is. */
function blankAsNull(schema: z.ZodType<string, string>) {
  return schema.transform((v) => (v === "" ? null : v)).nullable();
}

/**
 * A required single-line text (trimmed, 1..max characters). `required` is the message key of a
 * missing, null or blank value.
 */
export function requiredText(max: number, required = "required") {
  return z
    .string({ error: required })
    .refine(wellFormed(false), INVALID_CHARACTERS)
    .trim()
    .min(1, required)
    .max(max, "tooLong");
}

/** An optional single-line text: trimmed, blank or null stored as null. */
export function optionalText(max: number, multiline = false) {
  return blankAsNull(
    z
      .string({ error: "invalidValue" })
      .refine(wellFormed(multiline), INVALID_CHARACTERS)
      .trim()
      .max(max, "tooLong"),
  );
}

/**
 * An optional VAT registration number in HMRC's format (GB123456789, GB 123 4567 89, XI…; see
 * lib/schemas/uk-identifiers.ts): stored without spaces, upper case; blank or null is null.
 */
export function optionalVatNumber() {
  return blankAsNull(
    z
      .string({ error: "invalidValue" })
      .max(30, "tooLong")
      .transform(compactIdentifier)
      .refine((v) => v === "" || isVatNumber(v), "vatNumberFormat"),
  );
}

/** A required email address (trimmed, at most 254 characters). */
export function requiredEmail(required = "required") {
  return z.string({ error: required }).refine(isSingleLineText, INVALID_CHARACTERS).trim().min(1, required).max(254, "tooLong").pipe(z.email("email"));
}

/** An optional email address: blank or null is null. */
export function optionalEmail() {
  return z
    .string({ error: "invalidValue" })
    .refine(isSingleLineText, INVALID_CHARACTERS)
    .trim()
    .max(254, "tooLong")
    .transform((v) => (v === "" ? null : v))
    .pipe(z.email("email").nullable())
    .nullable();
}

/** An optional telephone number: digits, spaces and + ( ) - . only. */
export function optionalTelephone() {
  return blankAsNull(
    z
      .string({ error: "invalidValue" })
      .trim()
      .max(40, "tooLong")
      .regex(/^[0-9 +().-]*$/, "telephone"),
  );
}

/** An optional ISO 3166-1 alpha-2 country code (lib/countries.ts), upper-cased. */
export function optionalCountry() {
  return blankAsNull(
    z
      .string({ error: "invalidValue" })
      .trim()
      .max(2, "countryCode")
      .transform((v) => v.toUpperCase())
      .refine((v) => v === "" || isCountryCode(v), "countryCode"),
  );
}

/** A required ISO 3166-1 alpha-2 country code (lib/countries.ts), upper-cased. */
export function requiredCountry(required = "required") {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(2, "countryCode")
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, "countryCode");
}

/** A real calendar date `YYYY-MM-DD` between 1900 and 2199. */
export function isCalendarDate(v: string): boolean {
  if (!/^(19|20|21)\d\d-\d\d-\d\d$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** An optional date `YYYY-MM-DD`: blank or null is null. */
export function optionalDate() {
  return blankAsNull(
    z
      .string({ error: "invalidValue" })
      .trim()
      .refine((v) => v === "" || isCalendarDate(v), "date"),
  );
}

/** Highest amount of money accepted, in pence (£100,000). */
export const MAX_PENCE = 10_000_000;

/** An amount of money in integer pence, 0..MAX_PENCE. */
export function pence() {
  return z.number({ error: "pence" }).int("pence").min(0, "pence").max(MAX_PENCE, "pence");
}

/** A boolean (no coercion: "true" is not a boolean). */
export function flag() {
  return z.boolean({ error: "invalidValue" });
}

/**
 * An amount typed in pounds (e.g. "55", "55.5", "1,250.00", "£65.00") as integer pence. Used by
 * forms; the patch itself carries pence.
 */
export function poundsToPence(input: string): number | null {
  const v = input.trim().replace(/^£/, "").replace(/,/g, "");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, fraction = ""] = v.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A form field in pounds, giving pence (required). */
export function requiredPounds() {
  return z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .transform((v, ctx) => {
      const p = poundsToPence(v);
      if (p === null || p > MAX_PENCE) {
        ctx.addIssue({ code: "custom", message: "pounds" });
        return z.NEVER;
      }
      return p;
    });
}
