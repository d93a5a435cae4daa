import { bigint, index, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { chainLink } from "./audit";
import { requestOrigin, timestamptz } from "./columns";
import { userType } from "./enums";

/**
 * Security events (docs/security.md, ASVS V16): sign-in links requested, sign-ins that succeeded or
 * failed, sign-outs and authorisation failures. Kept apart from `audit_entries`, whose types are
 * the closed list of docs/domain.md. Never holds a token, a cookie or a full reference.
 * Append-only and hash-chained like the audit trail; only retention deletes, leaving a signed marker
 * (prune_security_events() in migration 0037, lib/jobs/definitions/prune-security-data.ts).
 */
export const securityEventValues = ["LinkRequested", "SignInSucceeded", "SignInFailed", "SignedOut", "AccessDenied", "RateLimited"] as const;
export type SecurityEvent = (typeof securityEventValues)[number];
export const securityEvent = pgEnum("security_event", securityEventValues);

export const securityEvents = pgTable(
  "security_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    event: securityEvent().notNull(),
    /** Email of the person (as typed, for failures), "anonymous", or "api-key". */
    actor: text().notNull(),
    userType: userType(),
    ...requestOrigin(),
    timestamp: timestamptz().notNull().defaultNow(),
    detail: jsonb().$type<Record<string, unknown>>(),
    ...chainLink(),
  },
  (t) => [
    index("security_events_timestamp_idx").on(t.timestamp.desc()),
    index("security_events_event_idx").on(t.event),
    uniqueIndex("security_events_chain_seq_key").on(t.chainSeq),
  ],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;
