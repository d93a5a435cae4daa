import { z } from "zod";
import { INVALID_CHARACTERS, isMultiLineText } from "./text";
import { directorStatusValues } from "@/lib/domain/values";
import type { PatchIssue, PatchSpec } from "@/lib/json-patch";
import {
  MAX_PENCE,
  optionalCountry,
  optionalDate,
  optionalText,
  pence,
  poundsToPence,
  requiredEmail,
  requiredText,
} from "@/lib/json-patch/fields";

/** An override reason must be longer than this many characters (docs/domain.md). */
export const OVERRIDE_REASON_MIN_EXCLUSIVE = 10;

const reasonText = (max: number) =>
  z
    .string({ error: "reasonRequired" })
    .refine(isMultiLineText, INVALID_CHARACTERS)
    .trim()
    .max(max, "tooLong");

/** 'Reason must be longer than 10 characters.' (message key `reasonTooShort`). */
export const statusOverrideReasonSchema = reasonText(1000).refine((v) => v.length > OVERRIDE_REASON_MIN_EXCLUSIVE, "reasonTooShort");
/** A price override needs a reason; any non-blank text. */
export const priceOverrideReasonSchema = reasonText(1000).refine((v) => v.length > 0, "reasonRequired");

/** The 11-character Companies House personal code (letters and digits), upper-cased. */
export const companiesHouseCodeSchema = z
  .string({ error: "invalidValue" })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === "" || /^[A-Z0-9]{11}$/.test(v), "companiesHouseCode")
  .transform((v) => (v === "" ? null : v))
  .nullable();

/**
 * What staff may change on a director with PATCH /api/admin/director-verification/directors/{id}
 * (docs/security.md).
 *
 * `statusOverride` and `priceOverride` are accepted only together with their reason in the same
 * patch (and a reason only together with its override): setting or clearing an override always
 * says why. A status override sets `status`, and the first one keeps the computed status in
 * `statusOriginal`; clearing it (remove, or null) restores `statusOriginal`. `status` itself is
 * not patchable.
 *
 * Not patchable: id, clientId, reference, the provider session (sessionID, sessionToken,
 * sessionUrl, sessionExpiry), status, statusOriginal, reminder counters and dates,
 * yotiLinkClicked, verificationCompletedAt, evidenceDeletedAt, createdAt/By, updatedAt/By,
 * companiesHouseCodeReceivedAt (follows companiesHouseCode), and the soft-delete fields (only
 * through POST /api/admin/director/{id}/delete).
 */
export const directorPatchFields = {
  name: requiredText(200),
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: requiredEmail(),
  currentAddressStartDate: optionalDate(),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  addressLine3: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postcode: optionalText(20),
  country: optionalCountry(),
  formerNames: z.array(requiredText(200), { error: "invalidValue" }).max(20, "tooMany"),
  idvNumber: optionalText(50),
  companiesHouseCode: companiesHouseCodeSchema,
  dateToCompaniesHouse: optionalDate(),
  statusOverride: z.enum(directorStatusValues, { error: "invalidValue" }).nullable(),
  statusOverrideReason: statusOverrideReasonSchema,
  priceOverride: pence().nullable(),
  priceOverrideReason: priceOverrideReasonSchema,
} as const;

export type DirectorPatchField = keyof typeof directorPatchFields;
export const directorPatchFieldNames = Object.keys(directorPatchFields) as DirectorPatchField[];

/** The fields of the director details form (everything but the overrides, which have their own dialogs). */
export const directorDetailFieldNames = directorPatchFieldNames.filter(
  (f) => !["statusOverride", "statusOverrideReason", "priceOverride", "priceOverrideReason"].includes(f),
) as Exclude<DirectorPatchField, "statusOverride" | "statusOverrideReason" | "priceOverride" | "priceOverrideReason">[];

const pairs = [
  ["statusOverride", "statusOverrideReason", "reasonTooShort"],
  ["priceOverride", "priceOverrideReason", "reasonRequired"],
] as const;

export const directorPatchSpec: PatchSpec = {
  fields: directorPatchFields,
  rules: ({ touched }) => {
    const issues: PatchIssue[] = [];
    for (const [field, reason, message] of pairs) {
      if (touched.has(field) && !touched.has(reason)) issues.push({ index: -1, field: reason, message });
      if (touched.has(reason) && !touched.has(field)) issues.push({ index: -1, field: reason, message: "reasonWithoutOverride" });
    }
    return issues;
  },
};

/** Former names typed one per line, as the array the patch carries. */
export const formerNamesLinesSchema = z
  .string({ error: "invalidValue" })
  .transform((v) => v.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))
  .pipe(directorPatchFields.formerNames);

/**
 * The director details form: the detail fields with their patch schemas (former names typed one per
 * line). Its output is a record of the detail fields, so its patch is a diff of two records.
 */
export const directorFormSchema = z.object({
  ...(Object.fromEntries(directorDetailFieldNames.map((f) => [f, directorPatchFields[f]])) as {
    [K in (typeof directorDetailFieldNames)[number]]: (typeof directorPatchFields)[K];
  }),
  formerNames: formerNamesLinesSchema,
});
export type DirectorFormInput = z.input<typeof directorFormSchema>;
export type DirectorFormOutput = z.output<typeof directorFormSchema>;

/** The status override dialog. `statusOverride` "" means: remove the override. */
export const statusOverrideFormSchema = z.object({
  statusOverride: z.union([z.enum(directorStatusValues), z.literal("")], { error: "required" }),
  statusOverrideReason: statusOverrideReasonSchema,
});
export type StatusOverrideFormInput = z.input<typeof statusOverrideFormSchema>;

/** The price override dialog: an amount in pounds (blank removes the override) and a reason. */
export const priceOverrideFormSchema = z.object({
  priceOverride: z
    .string({ error: "invalidValue" })
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const p = poundsToPence(v);
      if (p === null || p > MAX_PENCE) {
        ctx.addIssue({ code: "custom", message: "pounds" });
        return z.NEVER;
      }
      return p;
    }),
  priceOverrideReason: priceOverrideReasonSchema,
});
export type PriceOverrideFormInput = z.input<typeof priceOverrideFormSchema>;
