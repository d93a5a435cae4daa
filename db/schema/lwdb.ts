import { boolean, pgTable, text } from "drizzle-orm/pg-core";
import { billingParty, mainContact, timestamptz } from "./columns";
import { productTier } from "./enums";

/**
 * Existing customers, as the provider's own system (the "LWDB") knows them: the built-in source of
 * lib/integrations/lwdb. Operators load it from a CSV export with `npm run lwdb:import FILE`; the
 * request page of the Existing journey prefills its form from the row whose customer code (the
 * link's `lwdbNumber`) and company name both match. Column names are those of the new client
 * record, and only what prefilling needs is kept: no sign-in references, prices or individuals.
 */
export const lwdbRecords = pgTable("lwdb_records", {
    /**
     * The provider's customer code (the request page's `lwdbNumber`), trimmed and in capitals:
     * people type it in any case, and it is compared in this form.
     */
    customerCode: text().primaryKey(),
    name: text().notNull(),
    companyId: text(),
    ...mainContact(),
    productTier: productTier(),
    ...billingParty(),
    vatExempt: boolean().notNull().default(false),
    purchaseOrderInfo: text(),
    /** When this row was last loaded from an export. */
    importedAt: timestamptz().notNull().defaultNow(),
});

export type LwdbRow = typeof lwdbRecords.$inferSelect;
export type NewLwdbRow = typeof lwdbRecords.$inferInsert;
