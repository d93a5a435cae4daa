import { pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Credentials an outside service hands back and expects to see again, one row per provider.
 *
 * Sage's OAuth server rotates the refresh token on every use and invalidates the old one, so the
 * newest token must outlive the process that received it: a restart that fell back to the value in
 * configuration would present a dead token. The row is also the lock that stops two processes from
 * refreshing at the same time (the loser would burn the token the winner just received).
 * Secrets are sealed with AUTH_SECRET (AES-256-GCM), never stored in clear.
 */
export const integrationCredentials = pgTable("integration_credentials", {
  /** e.g. 'sage' */
  provider: text().primaryKey(),
  /** The newest refresh token, sealed. */
  refreshToken: text(),
  /**
   * SHA-256 of the configured refresh token this row was started from. When the operator configures
   * a different one (after authorising the connection again), it wins over the stored token.
   */
  seedHash: text(),
  /** The current access token, sealed, so other processes reuse it instead of refreshing again. */
  accessToken: text(),
  accessTokenExpiresAt: timestamptz(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

export type IntegrationCredentials = typeof integrationCredentials.$inferSelect;
