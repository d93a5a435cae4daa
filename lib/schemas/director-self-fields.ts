import type { DirectorSelfPatchField } from "./director-self-patch";

/*
 * What the director's forms need of their schema while the page loads, with no zod behind it: the
 * fields of the details form, the example code of the hint, and how a rule's message names an entry
 * of a list. The schemas themselves (./director-self-patch.ts, ./director-forms.ts) load when a form
 * is first used, so the director's page does not carry zod in its first load.
 */

/**
 * The example personal code the page shows in its hint. Not a real code: the format check refuses
 * it (typed in any case, with or without spaces), so a director who copies it is told so.
 */
export const PERSONAL_CODE_EXAMPLE = "AB12 CD34 EF5";

/** The fields of the details form (everything but the personal code, which is its own step). */
export const detailFields = [
  "firstName",
  "lastName",
  "formerNames",
  "addressLine1",
  "addressLine2",
  "addressLine3",
  "city",
  "state",
  "postcode",
  "country",
  "currentAddressStartDate",
  "previousAddresses",
] as const satisfies readonly DirectorSelfPatchField[];
export type DetailField = (typeof detailFields)[number];

/** Splits a rule message `history.gap@2.startDate` into its key and the entry it concerns. */
export function parseIssueMessage(message: string): { key: string; index?: number; subfield?: string } {
  const [key, where] = message.split("@") as [string, string | undefined];
  if (!where) return { key };
  const [index, subfield] = where.split(".");
  return { key, index: Number(index), subfield };
}
