import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, timestamptz } from "./columns";
import { userType } from "./enums";

/**
 * A known user (docs/domain.md "User"). Staff sign in by single sign-on and are identified by the OIDC
 * `issuer` + `subject` pair once they have signed in; a user may be provisioned by email before the
 * first sign-in (issuer and subject still null). Company contacts and directors sign in with an
 * email and the reference of their client or director record, and need no row here.
 */
export const users = pgTable(
  "users",
  {
    id: identity(),
    email: text().notNull(),
    reference: text(),
    type: userType().notNull(),
    issuer: text(),
    subject: text(),
    displayName: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    lastSignInAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_reference_key").on(t.reference),
    uniqueIndex("users_issuer_subject_key").on(t.issuer, t.subject),
    index("users_type_idx").on(t.type),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
