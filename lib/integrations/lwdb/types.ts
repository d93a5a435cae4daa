import type { ProductTier } from "@/db/schema";

/**
 * What the request page of the Existing journey may prefill from the provider's record of an
 * existing customer: the new client record's company, contact, billing and VAT fields. Nothing
 * else is handed out (no sign-in references, prices, individuals or payment details): anyone who
 * passes the bot check and knows a company's name and customer code gets this much.
 */
export interface LwdbRecord {
  name: string;
  customerCode: string;
  companyId: string | null;
  journey: "Existing";
  productTier: ProductTier | null;
  mainContactEmail: string;
  mainContactFirstName: string | null;
  mainContactLastName: string | null;
  mainContactTelephone: string | null;
  billingEntityName: string | null;
  billingAddressLine1: string | null;
  billingAddressLine2: string | null;
  billingAddressCity: string | null;
  billingAddressState: string | null;
  billingAddressPostCode: string | null;
  billingAddressCountry: string | null;
  accountPayableContactFirstName: string | null;
  accountPayableContactLastName: string | null;
  accountPayableContactEmail: string | null;
  accountPayableContactTelephone: string | null;
  vatNumber: string | null;
  vatExempt: boolean;
  purchaseOrderInfo: string | null;
}

/**
 * Where existing customers are looked up. The built-in source is a table that operators load from
 * the provider's CSV export (./table.ts); a live connection to the provider's system would be
 * another implementation of this interface.
 */
export interface LwdbSource {
  /** The record whose customer code and company name both match (neither by case), or null. */
  find(query: { name: string; customerCode: string }): Promise<LwdbRecord | null>;
}
