import { z } from "zod";
import { checkAddressHistory, dayNumber } from "@/lib/domain/address-history";
import { normalisePersonalCode } from "@/lib/domain/personal-code";
import type { PatchIssue, PatchSpec } from "@/lib/json-patch";
import { PERSONAL_CODE_EXAMPLE } from "./director-self-fields";

// What the forms need without zod (./director-self-fields.ts).
export { PERSONAL_CODE_EXAMPLE, detailFields, parseIssueMessage, type DetailField } from "./director-self-fields";
import { isCalendarDate, optionalCountry, optionalDate, optionalText, requiredText } from "@/lib/json-patch/fields";

/*
 * What a director may change on their own record with PATCH /api/director-verification/director,
 * and the rules across those fields. Everything else (email, status, the provider session, prices,
 * the reference, the company) is outside this list, so the patch engine refuses it.
 *
 * The same schemas check the details form in the browser. Messages are keys under
 * `directorJourney.validation`, falling back to `validation`.
 */

/** A required calendar date `YYYY-MM-DD`; `required` is the message key when it is missing. */
const requiredDate = (required = "required") =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => isCalendarDate(v), "date");

/** An optional text inside a list entry: a missing member is the same as null. */
const missingIsNull = (max: number) =>
  optionalText(max)
    .optional()
    .transform((v) => v ?? null);

/** One previous address: where the director lived before the current one, and when. */
export const previousAddressSchema = z.object({
  addressLine1: requiredText(200, "addressLine1Required"),
  addressLine2: missingIsNull(200),
  addressLine3: missingIsNull(200),
  city: requiredText(100, "cityRequired"),
  state: missingIsNull(100),
  postcode: missingIsNull(20),
  country: optionalCountry().refine((v) => v !== null, "countryRequired"),
  startDate: requiredDate("history.startRequired"),
  endDate: requiredDate("history.endRequired"),
});
export type PreviousAddress = z.output<typeof previousAddressSchema>;

/** A former name with the dates it was used: the end date is required, the start date optional. */
export const formerNameSchema = z
  .object({
    name: requiredText(200, "formerNameRequired"),
    from: optionalDate()
      .optional()
      .transform((v) => v ?? null),
    to: requiredDate("formerNameToRequired"),
  })
  .refine((v) => v.from === null || v.from === undefined || v.from < v.to, { message: "endBeforeStart", path: ["to"] });
export type FormerNameInput = z.output<typeof formerNameSchema>;

const EXAMPLE_NORMALISED = normalisePersonalCode(PERSONAL_CODE_EXAMPLE);

/** The Companies House personal code as typed: lower case and spaces are accepted, stored upper case. */
export const personalCodeSchema = z
  .string({ error: "required" })
  .max(40, "personalCode")
  .transform((v, ctx) => {
    const code = normalisePersonalCode(v);
    if (!code) {
      ctx.addIssue({ code: "custom", message: "personalCode" });
      return z.NEVER;
    }
    if (code === EXAMPLE_NORMALISED) {
      ctx.addIssue({ code: "custom", message: "personalCodeExample" });
      return z.NEVER;
    }
    return code;
  });

export const directorSelfPatchFields = {
  firstName: requiredText(100, "firstNameRequired"),
  lastName: requiredText(100, "lastNameRequired"),
  formerNames: z.array(formerNameSchema, { error: "invalidValue" }).max(20, "tooMany"),
  addressLine1: requiredText(200, "addressLine1Required"),
  addressLine2: optionalText(200),
  addressLine3: optionalText(200),
  city: requiredText(100, "cityRequired"),
  state: optionalText(100),
  postcode: optionalText(20),
  country: optionalCountry().refine((v) => v !== null, "countryRequired"),
  currentAddressStartDate: requiredDate("currentAddressStartDateRequired"),
  previousAddresses: z.array(previousAddressSchema, { error: "invalidValue" }).max(30, "tooMany"),
  companiesHouseCode: personalCodeSchema,
} as const;

export type DirectorSelfPatchField = keyof typeof directorSelfPatchFields;

const historyFields = new Set<string>(["currentAddressStartDate", "previousAddresses"]);

/**
 * Cross-field rules, on the record as it would be after the patch:
 * - once the address history is touched, it must satisfy every rule of lib/domain/address-history
 *   (12 months covered, no gaps, no overlaps, nothing in the future, ends after starts);
 * - former names' dates may not lie in the future.
 * Issues name the field and, in `message`, `<key>` or `<key>@<index>.<subfield>` for an entry of a list
 * (issuesToFieldErrors keeps them under the list's field).
 */
export function directorSelfRules(today: string) {
  return ({ next, touched }: { next: Readonly<Record<string, unknown>>; touched: ReadonlySet<string> }): PatchIssue[] => {
    const issues: PatchIssue[] = [];
    if ([...touched].some((f) => historyFields.has(f))) {
      const previous = (next.previousAddresses as PreviousAddress[] | null) ?? [];
      for (const issue of checkAddressHistory(next.currentAddressStartDate as string | null, previous, today)) {
        if (issue.entry === "current") issues.push({ index: -1, field: "currentAddressStartDate", message: `history.${issue.problem}` });
        else issues.push({ index: -1, field: "previousAddresses", message: `history.${issue.problem}@${issue.entry}.${issue.field}` });
      }
    }
    if (touched.has("formerNames")) {
      const todayN = dayNumber(today)!;
      ((next.formerNames as FormerNameInput[] | null) ?? []).forEach((n, i) => {
        if ((dayNumber(n.to) ?? 0) > todayN) issues.push({ index: -1, field: "formerNames", message: `history.future@${i}.to` });
        if (n.from && (dayNumber(n.from) ?? 0) > todayN) issues.push({ index: -1, field: "formerNames", message: `history.future@${i}.from` });
      });
    }
    return issues;
  };
}

export function directorSelfPatchSpec(today: string): PatchSpec {
  return { fields: directorSelfPatchFields, rules: directorSelfRules(today) };
}
