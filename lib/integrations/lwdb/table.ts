import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { lwdbRecords, type LwdbRow } from "@/db/schema";
import { normaliseCustomerCode, sameCompanyName } from "./normalise";
import type { LwdbRecord, LwdbSource } from "./types";

/** A stored row as the page gets it: only the prefill fields, journey Existing. */
export function toLwdbRecord(row: LwdbRow): LwdbRecord {
  return {
    name: row.name,
    customerCode: row.customerCode,
    companyId: row.companyId,
    journey: "Existing",
    productTier: row.productTier,
    mainContactEmail: row.mainContactEmail,
    mainContactFirstName: row.mainContactFirstName,
    mainContactLastName: row.mainContactLastName,
    mainContactTelephone: row.mainContactTelephone,
    billingEntityName: row.billingEntityName,
    billingAddressLine1: row.billingAddressLine1,
    billingAddressLine2: row.billingAddressLine2,
    billingAddressCity: row.billingAddressCity,
    billingAddressState: row.billingAddressState,
    billingAddressPostCode: row.billingAddressPostCode,
    billingAddressCountry: row.billingAddressCountry,
    accountPayableContactFirstName: row.accountPayableContactFirstName,
    accountPayableContactLastName: row.accountPayableContactLastName,
    accountPayableContactEmail: row.accountPayableContactEmail,
    accountPayableContactTelephone: row.accountPayableContactTelephone,
    vatNumber: row.vatNumber,
    vatExempt: row.vatExempt,
    purchaseOrderInfo: row.purchaseOrderInfo,
  };
}

/** The built-in source: the lwdb_records table (loaded with `npm run lwdb:import FILE`). */
export function tableLwdb(db: DbOrTx): LwdbSource {
  return {
    async find({ name, customerCode }) {
      const [row] = await db.select().from(lwdbRecords).where(eq(lwdbRecords.customerCode, normaliseCustomerCode(customerCode))).limit(1);
      // Both must match: a customer code alone (short, perhaps guessable) gives nothing away.
      return row && sameCompanyName(row.name, name) ? toLwdbRecord(row) : null;
    },
  };
}
