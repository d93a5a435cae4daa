import { z } from "zod";
import type { PatchSpec } from "@/lib/json-patch";
import { requiredCountry, requiredEmail, requiredText } from "@/lib/json-patch/fields";
import { clientPatchFields } from "./client-patch";
import type { CompanyPatchField } from "./company-patch-fields";

// The names, without zod, for the browser's form (./company-patch-fields.ts).
export { companyPatchFieldNames, companyRequiredFields, type CompanyPatchField } from "./company-patch-fields";

/**
 * What a company contact may change on their own company with PATCH /api/director-verification/company:
 * their contact details, the billing entity and address, the accounts-payable contact, the VAT number
 * and purchase-order information. Same field schemas as the staff allow-list, fewer fields.
 *
 * What invoicing cannot do without is required, as on the request form: the billing entity name,
 * address line 1, town, country and the accounts-payable email cannot be blanked, nulled or
 * `remove`d (400 naming the field; lib/json-patch refuses `remove` where the schema refuses null).
 * The browser form uses these same schemas, so it shows the same messages before sending.
 *
 * Everything else stays with staff: the company's name and number (they identify the engagement),
 * the main contact's email (it is the contact's own sign-in identity; staff change it, which ends
 * the contact's sessions), status, tier, prices and VAT exemption, payment fields, the Sage and
 * Kantata fields, owner and notes.
 */
export const companyPatchFields = {
  mainContactFirstName: clientPatchFields.mainContactFirstName,
  mainContactLastName: clientPatchFields.mainContactLastName,
  mainContactTelephone: clientPatchFields.mainContactTelephone,
  billingEntityName: requiredText(200, "billingEntityNameRequired"),
  billingAddressLine1: requiredText(200, "billingAddressLine1Required"),
  billingAddressLine2: clientPatchFields.billingAddressLine2,
  billingAddressCity: requiredText(100, "billingAddressCityRequired"),
  billingAddressState: clientPatchFields.billingAddressState,
  billingAddressPostCode: clientPatchFields.billingAddressPostCode,
  billingAddressCountry: requiredCountry("billingAddressCountryRequired"),
  accountPayableContactFirstName: clientPatchFields.accountPayableContactFirstName,
  accountPayableContactLastName: clientPatchFields.accountPayableContactLastName,
  accountPayableContactEmail: requiredEmail("accountPayableContactEmailRequired"),
  accountPayableContactTelephone: clientPatchFields.accountPayableContactTelephone,
  vatNumber: clientPatchFields.vatNumber,
  purchaseOrderInfo: clientPatchFields.purchaseOrderInfo,
} as const satisfies Record<CompanyPatchField, unknown>;

export const companyPatchSpec: PatchSpec = { fields: companyPatchFields };

/** The company form: exactly the patchable fields, so its patch is a diff of two records. */
export const companyFormSchema = z.object(companyPatchFields);
export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;
