import "server-only";
import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors } from "@/db/schema";
import { decryptPersonalCode, encryptPersonalCode, needsReencryption, PersonalCodeKeyError, type PersonalCodeKeys } from "@/lib/crypto/personal-code";

export interface ReencryptResult {
  /** Rows that held a code. */
  scanned: number;
  /** Re-encrypted under the current key (including codes stored before encryption). */
  reencrypted: number;
  /** Ids whose value no configured key can read: left as they are. */
  unreadable: number[];
}

/**
 * Key rotation of the personal codes: re-encrypts every stored code that the current key did not
 * write (or that was stored before encryption), using the previous keys to read them. Runs in
 * batches by id; each row is updated only if it still holds the value that was read, so a code the
 * director or an admin changes meanwhile is never overwritten with an older one. Safe to run again:
 * a second run finds nothing to do. Once it reports no unreadable rows, the previous keys can be
 * removed from configuration.
 */
export async function reencryptPersonalCodes(db: DbOrTx, keys: PersonalCodeKeys, batchSize = 500): Promise<ReencryptResult> {
  const result: ReencryptResult = { scanned: 0, reencrypted: 0, unreadable: [] };
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: directors.id, companiesHouseCode: directors.companiesHouseCode })
      .from(directors)
      .where(and(isNotNull(directors.companiesHouseCode), gt(directors.id, after)))
      .orderBy(asc(directors.id))
      .limit(batchSize);
    if (!batch.length) return result;
    for (const row of batch) {
      result.scanned++;
      const stored = row.companiesHouseCode!;
      if (!needsReencryption(stored, keys)) continue;
      let code: string;
      try {
        code = decryptPersonalCode(stored, row.id, keys);
      } catch (err) {
        if (!(err instanceof PersonalCodeKeyError)) throw err;
        result.unreadable.push(row.id);
        continue;
      }
      const updated = await db
        .update(directors)
        .set({ companiesHouseCode: encryptPersonalCode(code, row.id, keys) })
        .where(and(eq(directors.id, row.id), eq(directors.companiesHouseCode, stored)))
        .returning({ id: directors.id });
      if (updated.length) result.reencrypted++;
    }
    after = batch[batch.length - 1]!.id;
  }
}
