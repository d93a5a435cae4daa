/*
 * The company contact's editable fields by name, with no schema behind them: the contact's company
 * form (a client component) needs the names while the page loads, and importing them from
 * ./company-patch.ts put zod into the page's first load. The schemas load when the form
 * is first used. lib/schemas/company-patch.test.ts checks that these names are the schema's.
 */
import { CONTACT_AND_BILLING_FIELDS } from "@/lib/domain/billing-fields";

/** The fields of PATCH /api/director-verification/company, in the form's order. */
export const companyPatchFieldNames = CONTACT_AND_BILLING_FIELDS.filter(
  // The contact's email is how they sign in: staff change it, the contact does not.
  (field): field is Exclude<(typeof CONTACT_AND_BILLING_FIELDS)[number], "mainContactEmail"> => field !== "mainContactEmail",
);

export type CompanyPatchField = (typeof companyPatchFieldNames)[number];

/** The fields a contact cannot leave blank (the form marks the others optional). */
export const companyRequiredFields: readonly CompanyPatchField[] = ["billingEntityName", "billingAddressLine1", "billingAddressCity", "billingAddressCountry", "accountPayableContactEmail"];
