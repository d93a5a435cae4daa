import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { auditType } from "./enums";

/**
 * The audit trail (docs/domain.md "Audit entry", docs/security.md). Append-only. `clientId` and `directorId`
 * carry no foreign keys on purpose: history outlives the rows it describes.
 * `user` is the actor: an email, "system", or "anonymous".
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    action: text().notNull(),
    auditType: auditType().notNull(),
    /** 'Client' | 'Director' | 'User' | 'Enquiry' | 'Session' | 'Job' | ... */
    entityType: text().notNull(),
    entityId: text(),
    user: text(),
    ip: text(),
    userAgent: text(),
    timestamp: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz(),
    oldValue: jsonb(),
    newValue: jsonb(),
    clientId: integer(),
    directorId: integer(),
  },
  (t) => [
    index("audit_entries_timestamp_idx").on(t.timestamp.desc()),
    index("audit_entries_audit_type_idx").on(t.auditType),
    index("audit_entries_client_id_idx").on(t.clientId),
    index("audit_entries_director_id_idx").on(t.directorId),
    index("audit_entries_entity_idx").on(t.entityType, t.entityId),
  ],
);

export type AuditEntry = typeof auditEntries.$inferSelect;
export type NewAuditEntry = typeof auditEntries.$inferInsert;
