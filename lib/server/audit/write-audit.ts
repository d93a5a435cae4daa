import type { DbOrTx } from "@/db";
import { auditEntries, type NewAuditEntry } from "@/db/schema";

export type AuditInput = Omit<NewAuditEntry, "id" | "timestamp">;

/**
 * Appends one audit entry. Call it with the transaction of the change it records, so the change
 * and its audit entry commit or roll back together.
 */
export async function writeAudit(db: DbOrTx, entry: AuditInput): Promise<void> {
  await db.insert(auditEntries).values(entry);
}
