import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { integrationCredentials } from "@/db/schema";
import { seal, unseal } from "@/lib/crypto/seal";

/** What an OAuth client keeps between calls and across processes (secrets in clear, in memory only). */
export interface StoredCredentials {
  refreshToken?: string;
  seedHash?: string;
  accessToken?: string;
  accessTokenExpiresAt?: Date;
}

export interface CredentialStore {
  /**
   * Runs `fn` holding the provider's lock, with what is stored now, and saves what it returns as
   * `save` before the lock is released. A throw saves nothing. Two processes (or two calls in one)
   * never run `fn` at the same time, which is what keeps a rotating refresh token from being spent
   * twice.
   */
  withLock<T>(fn: (current: StoredCredentials) => Promise<{ save?: StoredCredentials; result: T }>): Promise<T>;
}

const purpose = (provider: string) => `integration-credentials:${provider}`;

/**
 * The credentials row of `provider` in `integration_credentials`, locked with SELECT … FOR UPDATE
 * inside a transaction (the row is created first if missing, so there is always a row to lock).
 * The token request runs inside that transaction: it is one short HTTP call, and holding the lock
 * through it is the point. If the commit fails after the provider has rotated the token, the new
 * token is lost and the connection must be authorised again; that window is one round trip.
 */
export function databaseCredentialStore(options: { provider: string; db: () => Promise<Db>; secret: string }): CredentialStore {
  const { provider, secret } = options;
  const open = (v: string | null) => (v ? unseal(v, secret, purpose(provider)) : undefined);
  const close = (v: string | undefined) => (v ? seal(v, secret, purpose(provider)) : null);
  return {
    async withLock(fn) {
      const db = await options.db();
      return db.transaction(async (tx) => {
        await tx.insert(integrationCredentials).values({ provider }).onConflictDoNothing();
        const [row] = await tx.select().from(integrationCredentials).where(eq(integrationCredentials.provider, provider)).for("update");
        const current: StoredCredentials = {
          refreshToken: open(row?.refreshToken ?? null),
          seedHash: row?.seedHash ?? undefined,
          accessToken: open(row?.accessToken ?? null),
          accessTokenExpiresAt: row?.accessTokenExpiresAt ?? undefined,
        };
        const { save, result } = await fn(current);
        if (save) {
          await tx
            .update(integrationCredentials)
            .set({
              refreshToken: close(save.refreshToken),
              seedHash: save.seedHash ?? null,
              accessToken: close(save.accessToken),
              accessTokenExpiresAt: save.accessTokenExpiresAt ?? null,
              updatedAt: new Date(),
            })
            .where(eq(integrationCredentials.provider, provider));
        }
        return result;
      });
    },
  };
}

/** An in-memory store with the same locking, for tools and tests that have no database. */
export function memoryCredentialStore(initial: StoredCredentials = {}): CredentialStore & { current: StoredCredentials } {
  let chain: Promise<unknown> = Promise.resolve();
  const store = {
    current: { ...initial },
    withLock<T>(fn: (current: StoredCredentials) => Promise<{ save?: StoredCredentials; result: T }>): Promise<T> {
      const run = chain.then(async () => {
        const { save, result } = await fn({ ...store.current });
        if (save) store.current = { ...save };
        return result;
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
  return store;
}
