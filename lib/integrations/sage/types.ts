/**
 * What the portal needs from Sage Business Cloud Accounting (v3.1): a customer contact per client and
 * one sales invoice per invoiced request. Sage has no idempotency keys, so every create has a
 * matching find-by-reference that callers use first: a retried job finds what the last attempt made.
 * Amounts are in pounds, as Sage takes and returns them.
 */
export interface SageAddress {
  line1: string;
  line2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2, e.g. "GB" (Sage's country_id). */
  countryCode?: string;
}

export interface NewSageContact {
  name: string;
  /** Our client reference; Sage keeps contact references unique. */
  reference: string;
  email?: string;
  telephone?: string;
  /** Name of the person at the customer (the accounts-payable contact). */
  contactPersonName?: string;
  address?: SageAddress;
  taxNumber?: string;
  /** Default CUSTOMER. */
  contactType?: "CUSTOMER" | "VENDOR";
}

export interface SageContact {
  id: string;
  name: string;
  reference: string;
}

export interface NewSalesInvoiceLine {
  description: string;
  quantity: number;
  /** Pounds, net of VAT (e.g. 125.5). */
  unitPrice: number;
  /** Sage tax rate id: GB_STANDARD, GB_LOWER, GB_ZERO, GB_EXEMPT or GB_NO_TAX in the UK. */
  taxRateId: string;
  /** The VAT percentage of that rate (20 for GB_STANDARD); the line's tax amount is worked out from it. */
  taxRatePercent: number;
  /** Sales ledger account; unset = SAGE_SALES_LEDGER_ACCOUNT_ID, else the business's sales account. */
  ledgerAccountId?: string;
}

export interface NewSalesInvoice {
  contactId: string;
  /** YYYY-MM-DD */
  date: string;
  /** Our reference for this invoice (at most 25 characters in Sage); found again by findInvoiceByReference. */
  reference: string;
  notes?: string;
  lines: NewSalesInvoiceLine[];
}

export interface SageInvoice {
  id: string;
  /** e.g. "SI-42" */
  invoiceNumber: string;
  reference: string;
  contactId?: string;
  /** Pounds. */
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
}

export interface SageClient {
  findContactByReference(reference: string): Promise<SageContact | null>;
  createContact(contact: NewSageContact): Promise<SageContact>;
  findInvoiceByReference(reference: string): Promise<SageInvoice | null>;
  createSalesInvoice(invoice: NewSalesInvoice): Promise<SageInvoice>;
}

/** One entry of Sage's error array: `[{ "$severity": "error", "$dataCode": "RecordInvalid", … }]`. */
export interface SageErrorItem {
  severity: string;
  dataCode: string;
  message: string;
  source: string;
}
