/*
 * A client's patchable fields by name, with no schema behind them: the admin client form (a client
 * component) needs the names while the page loads, and importing them from ./client-patch.ts put zod
 * into the page's first load. The schema loads when the form is first used. ./client-patch.ts
 * declares its schemas over exactly these names, in this order.
 */
import { CONTACT_AND_BILLING_FIELDS } from "@/lib/domain/billing-fields";

/** The fields of PATCH /api/admin/director-verification/clients/{id}, in the form's order. */
export const clientPatchFieldNames = [
  "name",
  "sageId",
  "companyId",
  ...CONTACT_AND_BILLING_FIELDS,
  "vatExempt",
  "unitPrice",
  "owner",
  "notes",
  "status",
  "productTier",
  "inKantata",
  "kantataReference",
  "sageInvoiceNumber",
  "paid",
] as const;

export type ClientPatchField = (typeof clientPatchFieldNames)[number];

/** Write-only, with the move of a card client awaiting payment on to New: the payment staff record. */
export const paymentRecordFieldNames = ["paymentReference", "paymentNote"] as const;

export type PaymentRecordField = (typeof paymentRecordFieldNames)[number];
