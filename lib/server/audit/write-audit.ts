import type { DbOrTx } from "@/db";
import { auditEntries, type NewAuditEntry } from "@/db/schema";
import type { RequestMeta } from "@/lib/http";

export type AuditInput = Omit<NewAuditEntry, "id" | "timestamp">;

/**
 * Appends one audit entry. Call it with the transaction of the change it records, so the change
 * and its audit entry commit or roll back together.
 */
export async function writeAudit(db: DbOrTx, entry: AuditInput): Promise<void> {
  await db.insert(auditEntries).values(entry);
}

/**
 * Who made a change and from where (the request's address and browser, null when there was no
 * request), and when, if given: the part of an audit entry every change by a person carries.
 */
export function auditedBy(actor: string, meta: RequestMeta | undefined, at?: Date) {
  return { user: actor, ip: meta?.ip ?? null, userAgent: meta?.userAgent ?? null, ...(at ? { updatedAt: at } : {}) };
}

/** The part of an audit entry that files it under a director's record (and their client's). */
export function onDirector(director: { id: number; clientId: number }) {
  return { entityType: "Director", entityId: String(director.id), clientId: director.clientId, directorId: director.id };
}
