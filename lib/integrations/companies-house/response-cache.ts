import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { companiesHouseCache } from "@/db/schema";

/** Answers of the API kept for a time, shared by every process. */
export interface ResponseCache {
  /** The body stored under `key` if it was fetched less than `maxAgeSeconds` ago. */
  get(key: string, maxAgeSeconds: number): Promise<unknown>;
  put(key: string, body: unknown): Promise<void>;
}

/** The cache in `companies_house_cache`. */
export function databaseResponseCache(options: { db: () => Promise<Db> }): ResponseCache {
  return {
    async get(key, maxAgeSeconds) {
      if (maxAgeSeconds <= 0) return undefined;
      const db = await options.db();
      const [row] = await db
        .select({ body: companiesHouseCache.body })
        .from(companiesHouseCache)
        .where(and(eq(companiesHouseCache.key, key), gt(companiesHouseCache.fetchedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`)));
      return row?.body;
    },
    async put(key, body) {
      const db = await options.db();
      await db
        .insert(companiesHouseCache)
        .values({ key, body, fetchedAt: sql`now()` })
        .onConflictDoUpdate({ target: companiesHouseCache.key, set: { body, fetchedAt: sql`now()` } });
    },
  };
}

/** Deletes cached answers older than `maxAgeSeconds` (they would not be used again). Returns how many. */
export async function pruneResponseCache(db: Db, maxAgeSeconds: number): Promise<number> {
  const deleted = await db
    .delete(companiesHouseCache)
    .where(lt(companiesHouseCache.fetchedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`))
    .returning({ key: companiesHouseCache.key });
  return deleted.length;
}
