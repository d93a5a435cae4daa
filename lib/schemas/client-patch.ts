import { z } from "zod";
import { INVALID_CHARACTERS, isMultiLineText } from "./text";
import { clientStatusValues, productTierValues } from "@/lib/domain/values";
import type { PatchSpec } from "@/lib/json-patch";
import {
  flag,
  optionalCountry,
  optionalEmail,
  optionalTelephone,
  optionalText,
  optionalVatNumber,
  pence,
  requiredEmail,
  requiredPounds,
  requiredText,
} from "@/lib/json-patch/fields";
import type { ClientPatchField, PaymentRecordField } from "./client-patch-fields";

/**
 * What staff may change on a client with PATCH /api/admin/director-verification/clients/{id}
 * (docs/security.md): the allow-list of top-level fields, each with the schema of its new value.
 *
 * Not patchable, and why:
 * - id, reference (the sign-in secret's partner), createdAt/By, updatedAt/By (set by the server);
 * - journey, paymentSessionId, paymentSessionSecret, paidAt: fixed by the request and the payment flow
 *   (`paid` is patchable, `paidAt` follows it);
 * - standardUnitPrice, standardFullPrice: the configured prices when the request was made;
 * - fullPrice: derived from the unit price and the directors' price overrides, recomputed by the
 *   server while the client has not paid;
 * - reminderCount, lastReminderDate: kept by the reminder job;
 * - isDeleted, deleteReason, deletedAt/By: only through POST /api/admin/client/{id}/delete;
 * - customerCode: the provider's own customer code, as received.
 *
 * Server-side rules on top of these schemas (lib/server/clients/patch-client.ts): `owner` must be the
 * email of an admin user; `paid` cannot be changed for the PayByCard journey (the payment provider
 * decides it); a deleted client cannot be patched.
 */
export const clientPatchFields = {
  name: requiredText(200),
  sageId: optionalText(50),
  companyId: optionalText(50),
  mainContactFirstName: optionalText(100),
  mainContactLastName: optionalText(100),
  mainContactEmail: requiredEmail(),
  mainContactTelephone: optionalTelephone(),
  billingEntityName: optionalText(200),
  billingAddressLine1: optionalText(200),
  billingAddressLine2: optionalText(200),
  billingAddressCity: optionalText(100),
  billingAddressState: optionalText(100),
  billingAddressPostCode: optionalText(20),
  billingAddressCountry: optionalCountry(),
  accountPayableContactFirstName: optionalText(100),
  accountPayableContactLastName: optionalText(100),
  accountPayableContactEmail: optionalEmail(),
  accountPayableContactTelephone: optionalTelephone(),
  vatNumber: optionalVatNumber(),
  purchaseOrderInfo: optionalText(500),
  vatExempt: flag(),
  unitPrice: pence(),
  owner: optionalEmail(),
  notes: optionalText(5000, true),
  status: z.enum(clientStatusValues, { error: "invalidValue" }),
  productTier: z.enum(productTierValues, { error: "invalidValue" }),
  inKantata: flag(),
  kantataReference: optionalText(50),
  sageInvoiceNumber: optionalText(50),
  paid: flag(),
} as const satisfies Record<ClientPatchField, z.ZodType>;

/**
 * Write-only, with `status` New on a client awaiting its card payment: the payment staff record
 * (taken outside the portal), its reference and why (more than 10 characters). Audited, not columns.
 */
export const paymentRecordFields = {
  paymentReference: optionalText(100),
  paymentNote: optionalText(1000),
} as const satisfies Record<PaymentRecordField, z.ZodType>;

export const clientPatchSpec: PatchSpec = { fields: { ...clientPatchFields, ...paymentRecordFields } };

/**
 * The client form: the same field schemas, except the unit price, which people type in pounds, and
 * with the payment staff record when a card client awaiting payment is moved on to New.
 * Its output has the shape of the patchable fields, so the form's patch is a diff of two records.
 */
export const clientFormSchema = z.object({ ...clientPatchFields, ...paymentRecordFields, unitPrice: requiredPounds() });
export type ClientFormInput = z.input<typeof clientFormSchema>;
export type ClientFormOutput = z.output<typeof clientFormSchema>;

/**
 * The body of POST /api/admin/client/{id}/delete and POST /api/admin/director/{id}/delete:
 * a reason, required and not blank, at most 1000 characters.
 */
export const deleteRequestSchema = z.object({
  reason: z
    .string({ error: "reasonRequired" })
    .refine(isMultiLineText, INVALID_CHARACTERS)
    .trim()
    .min(1, "reasonRequired")
    .max(1000, "tooLong"),
});
export type DeleteRequest = z.infer<typeof deleteRequestSchema>;
