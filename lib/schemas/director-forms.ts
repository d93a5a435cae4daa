import { z } from "zod";
import { detailFields, type DetailField } from "./director-self-fields";
import { directorSelfPatchFields, directorSelfRules, parseIssueMessage, personalCodeSchema } from "./director-self-patch";

/*
 * The schemas of the director's own forms, built from the server's (./director-self-patch.ts), so a
 * form refuses what the server would. The forms load this module when first used
 * (lib/forms/lazy-resolver.ts): zod stays out of the page's first load.
 */

/** The details form: every detail field, and the address-history and former-name rules as of `today`. */
export function detailsFormSchema(today: string) {
  const rules = directorSelfRules(today);
  return z
    .object(Object.fromEntries(detailFields.map((f) => [f, directorSelfPatchFields[f]])) as { [K in DetailField]: (typeof directorSelfPatchFields)[K] })
    .superRefine((values, ctx) => {
      for (const issue of rules({ next: values, touched: new Set(["currentAddressStartDate", "previousAddresses", "formerNames"]) })) {
        const { key, index, subfield } = parseIssueMessage(issue.message);
        ctx.addIssue({ code: "custom", message: key, path: index === undefined ? [issue.field!] : [issue.field!, index, subfield!] });
      }
    });
}

export type DetailsFormInput = z.input<ReturnType<typeof detailsFormSchema>>;
export type DetailsFormOutput = z.output<ReturnType<typeof detailsFormSchema>>;

/** The personal code form. */
export const personalCodeFormSchema = z.object({ companiesHouseCode: personalCodeSchema });
export type PersonalCodeFormInput = z.input<typeof personalCodeFormSchema>;
export type PersonalCodeFormOutput = z.output<typeof personalCodeFormSchema>;
