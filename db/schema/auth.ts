import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { requestOrigin, timestamptz } from "./columns";
import { directors } from "./directors";
import { userType } from "./enums";
import { users } from "./users";

/**
 * One-time sign-in links (docs/security.md): only the SHA-256 of the 256-bit token is stored; single use
 * (`usedAt`), short-lived (`expiresAt`), and optionally bound to the browser that asked for it.
 */
export const signInTokens = pgTable(
  "sign_in_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    userType: userType().notNull(),
    clientId: integer().references(() => clients.id, { onDelete: "cascade" }),
    directorId: integer().references(() => directors.id, { onDelete: "cascade" }),
    email: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    requestIp: text(),
    userAgent: text(),
    /** Hash of a value held by the requesting browser (cookie), when the link is bound to it. */
    bindingHash: text(),
    /**
     * The token sealed with AUTH_SECRET while its email waits to be sent; cleared once it is sent,
     * given up on, or the link has expired. Kept here rather than in the job's payload because the
     * job queue copies payloads (retries, failed-job records) and keeps finished jobs for days.
     */
    sealedToken: text(),
  },
  (t) => [
    uniqueIndex("sign_in_tokens_token_hash_key").on(t.tokenHash),
    index("sign_in_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Server-side sessions. `id` is the hash of the cookie value, so a leaked table does not leak
 * usable cookies. A session ends at `expiresAt` (absolute), after idle time since `lastSeenAt`,
 * or when `revokedAt` is set (logout).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userType: userType().notNull(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    clientId: integer().references(() => clients.id, { onDelete: "cascade" }),
    directorId: integer().references(() => directors.id, { onDelete: "cascade" }),
    email: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    ...requestOrigin(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_client_id_idx").on(t.clientId),
    index("sessions_director_id_idx").on(t.directorId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/** Fixed-window rate-limit counters, keyed by e.g. `send-link:ip:203.0.113.7`. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStart: timestamptz().notNull().defaultNow(),
});

export type SignInToken = typeof signInTokens.$inferSelect;
export type NewSignInToken = typeof signInTokens.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
