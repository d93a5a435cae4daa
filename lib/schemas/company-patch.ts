import { z } from "zod";
import type { PatchSpec } from "@/lib/json-patch";
import { clientPatchFields } from "./client-patch";

/**
 * What a company contact may change on their own company with PATCH /api/director-verification/company:
 * their contact details, the billing entity and address, the accounts-payable contact, the VAT number
 * and purchase-order information. Same field schemas as the staff allow-list, fewer fields.
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
  billingEntityName: clientPatchFields.billingEntityName,
  billingAddressLine1: clientPatchFields.billingAddressLine1,
  billingAddressLine2: clientPatchFields.billingAddressLine2,
  billingAddressCity: clientPatchFields.billingAddressCity,
  billingAddressState: clientPatchFields.billingAddressState,
  billingAddressPostCode: clientPatchFields.billingAddressPostCode,
  billingAddressCountry: clientPatchFields.billingAddressCountry,
  accountPayableContactFirstName: clientPatchFields.accountPayableContactFirstName,
  accountPayableContactLastName: clientPatchFields.accountPayableContactLastName,
  accountPayableContactEmail: clientPatchFields.accountPayableContactEmail,
  accountPayableContactTelephone: clientPatchFields.accountPayableContactTelephone,
  vatNumber: clientPatchFields.vatNumber,
  purchaseOrderInfo: clientPatchFields.purchaseOrderInfo,
} as const;

export type CompanyPatchField = keyof typeof companyPatchFields;
export const companyPatchFieldNames = Object.keys(companyPatchFields) as CompanyPatchField[];
export const companyPatchSpec: PatchSpec = { fields: companyPatchFields };

/** The company form: exactly the patchable fields, so its patch is a diff of two records. */
export const companyFormSchema = z.object(companyPatchFields);
export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;
