import type { Db } from "../client";
import { lwdbRecords, type NewLwdbRow } from "../schema";

/**
 * Existing customers of the provider for the demonstration (the Existing journey's prefill):
 *   /requests/identity-verification/?journey=Existing&companyName=Ashcombe%20Engineering%20Ltd&lwdbNumber=LW100245
 * Fictitious, like the rest of the demo data. Left alone when already there.
 */
export const demoLwdbRecords: readonly NewLwdbRow[] = [
  {
    customerCode: "LW100245",
    name: "Ashcombe Engineering Ltd",
    companyId: "09876543",
    productTier: "Managed",
    mainContactEmail: "eleanor.marsh@ashcombe-engineering.example",
    mainContactFirstName: "Eleanor",
    mainContactLastName: "Marsh",
    mainContactTelephone: "01632 960 418",
    billingEntityName: "Ashcombe Engineering Ltd",
    billingAddressLine1: "Unit 4, Riverside Trading Estate",
    billingAddressLine2: "Mill Lane",
    billingAddressCity: "Bristol",
    billingAddressState: null,
    billingAddressPostCode: "BS1 6XX",
    billingAddressCountry: "GB",
    accountPayableContactFirstName: "Martin",
    accountPayableContactLastName: "Cole",
    accountPayableContactEmail: "accounts@ashcombe-engineering.example",
    accountPayableContactTelephone: "01632 960 419",
    vatNumber: "GB123456789",
    vatExempt: false,
    purchaseOrderInfo: "PO-ASH-2291",
  },
  {
    customerCode: "LW100311",
    name: "Penrose Charitable Trust",
    companyId: "SC612345",
    productTier: "OneOff",
    mainContactEmail: "grace.ellis@penrose-trust.example",
    mainContactFirstName: "Grace",
    mainContactLastName: "Ellis",
    mainContactTelephone: "0131 496 0732",
    billingEntityName: "Penrose Charitable Trust",
    billingAddressLine1: "12 Abbey Mount",
    billingAddressLine2: null,
    billingAddressCity: "Edinburgh",
    billingAddressState: null,
    billingAddressPostCode: "EH8 8XX",
    billingAddressCountry: "GB",
    accountPayableContactFirstName: null,
    accountPayableContactLastName: null,
    accountPayableContactEmail: null,
    accountPayableContactTelephone: null,
    vatNumber: null,
    vatExempt: true,
    purchaseOrderInfo: null,
  },
];

export async function seedLwdbDemo(db: Db): Promise<number> {
  const inserted = await db.insert(lwdbRecords).values([...demoLwdbRecords]).onConflictDoNothing().returning({ code: lwdbRecords.customerCode });
  return inserted.length;
}
