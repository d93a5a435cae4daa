/*
 * The names of a request's billing fields, in the request form's order, for the lists that name
 * them (company look-up fill, the contact's company form, an existing customer's prefill, the admin
 * client form). Names only, no schema: client components import them without loading zod.
 */

/** Who is billed and at which address: what a company look-up fills from the register. */
export const BILLING_ADDRESS_FIELDS = [
  "billingEntityName",
  "billingAddressLine1",
  "billingAddressLine2",
  "billingAddressCity",
  "billingAddressState",
  "billingAddressPostCode",
  "billingAddressCountry",
] as const;

/** Whom accounts payable are reached through. */
export const ACCOUNTS_PAYABLE_FIELDS = ["accountPayableContactFirstName", "accountPayableContactLastName", "accountPayableContactEmail", "accountPayableContactTelephone"] as const;

/** A request's contact, billing, VAT and purchase-order fields, in the form's order (a client keeps them all). */
export const CONTACT_AND_BILLING_FIELDS = [
  "mainContactFirstName",
  "mainContactLastName",
  "mainContactEmail",
  "mainContactTelephone",
  ...BILLING_ADDRESS_FIELDS,
  ...ACCOUNTS_PAYABLE_FIELDS,
  "vatNumber",
  "purchaseOrderInfo",
] as const;
