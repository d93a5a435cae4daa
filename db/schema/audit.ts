import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { requestOrigin, timestamptz } from "./columns";
import { auditType } from "./enums";

/**
 * The chain columns of an append-only, tamper-evident table (migration 0037, lib/domain/audit-chain.ts):
 * the row's place in its chain, the hash of the link before it, and its own hash over its fields and
 * that one. A trigger writes them as the row is inserted (null only in a row written with it off);
 * the application never sets them.
 */
export const chainLink = () => ({
  chainSeq: bigint({ mode: "number" }),
  prevHash: text(),
  hash: text(),
});

/**
 * The audit trail (docs/domain.md "Audit entry", docs/security.md). Append-only: triggers refuse
 * UPDATE and DELETE, the application's database role may only insert and read, and each row is a
 * link of a hash chain (`npm run audit:verify`). `clientId` and `directorId`
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
    ...requestOrigin(),
    timestamp: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz(),
    oldValue: jsonb(),
    newValue: jsonb(),
    clientId: integer(),
    directorId: integer(),
    ...chainLink(),
  },
  (t) => [
    uniqueIndex("audit_entries_chain_seq_key").on(t.chainSeq),
    index("audit_entries_timestamp_idx").on(t.timestamp.desc()),
    index("audit_entries_audit_type_idx").on(t.auditType),
    index("audit_entries_client_id_idx").on(t.clientId),
    index("audit_entries_director_id_idx").on(t.directorId),
    index("audit_entries_entity_idx").on(t.entityType, t.entityId),
  ],
);

export type AuditEntry = typeof auditEntries.$inferSelect;
export type NewAuditEntry = typeof auditEntries.$inferInsert;

/** The newest link of each chain ('audit_entries', 'security_events'): taken FOR UPDATE to add the next. */
export const auditChainHeads = pgTable("audit_chain_heads", {
  chain: text().primaryKey(),
  seq: bigint({ mode: "number" }).notNull(),
  hash: text().notNull(),
});

/**
 * What retention deleted from a chain, so that the chain still verifies across the gap: one run of
 * consecutive links (`firstSeq`..`lastSeq`) and the hash of its last link, which the next link names
 * as its previous. Signed (HMAC-SHA256, key derived from AUTH_SECRET), append-only.
 */
export const auditRetentionMarkers = pgTable(
  "audit_retention_markers",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    chain: text().notNull(),
    firstSeq: bigint({ mode: "number" }).notNull(),
    lastSeq: bigint({ mode: "number" }).notNull(),
    lastHash: text().notNull(),
    rowsDeleted: integer().notNull(),
    createdAt: timestamptz().notNull(),
    signature: text().notNull(),
  },
  (t) => [uniqueIndex("audit_retention_markers_chain_first_seq_key").on(t.chain, t.firstSeq)],
);

export type AuditRetentionMarker = typeof auditRetentionMarkers.$inferSelect;
