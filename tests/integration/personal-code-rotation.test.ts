// Key rotation of the personal codes at rest: re-encryption under the new key, codes stored before
// encryption encrypted, unreadable values reported and left alone, a second run finds nothing.
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { directors } from "@/db/schema";
import { decryptPersonalCode, encryptPersonalCode, keyIdOf, currentKeyId } from "@/lib/crypto/personal-code";
import { reencryptPersonalCodes } from "@/lib/server/directors/reencrypt-personal-codes";
import { insertClientWithDirectors } from "../support/factories";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

const oldKey = "rotation-test-old-key-0123456789abcdef";
const newKey = "rotation-test-new-key-fedcba9876543210";
const lostKey = "rotation-test-lost-key-00000000000000000";

it("re-encrypts every code under the new key and reports what no key can read", async () => {
  const db = await getDb();
  const { directors: people } = await insertClientWithDirectors(db, { directors: 4 });
  const [a, b, c, d] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const old = { current: oldKey, previous: [] };
  await db.update(directors).set({ companiesHouseCode: encryptPersonalCode("AAAAAAAAAA1", a.id, old) }).where(eq(directors.id, a.id));
  await db.update(directors).set({ companiesHouseCode: "BBBBBBBBBB2" }).where(eq(directors.id, b.id)); // stored before encryption
  const lost = encryptPersonalCode("CCCCCCCCCC3", c.id, { current: lostKey, previous: [] });
  await db.update(directors).set({ companiesHouseCode: lost }).where(eq(directors.id, c.id));
  // d has no code.

  const during = { current: newKey, previous: [oldKey] };
  const first = await reencryptPersonalCodes(db, during, 2);
  expect(first.reencrypted).toBe(2);
  expect(first.unreadable).toContain(c.id);

  const rows = new Map((await db.select().from(directors).where(inArray(directors.id, [a.id, b.id, c.id, d.id]))).map((r) => [r.id, r]));
  const after = { current: newKey, previous: [] };
  expect(keyIdOf(rows.get(a.id)!.companiesHouseCode!)).toBe(currentKeyId(after));
  expect(decryptPersonalCode(rows.get(a.id)!.companiesHouseCode!, a.id, after)).toBe("AAAAAAAAAA1");
  expect(decryptPersonalCode(rows.get(b.id)!.companiesHouseCode!, b.id, after)).toBe("BBBBBBBBBB2");
  expect(rows.get(b.id)!.companiesHouseCode).not.toContain("BBBBBBBBBB2");
  expect(rows.get(c.id)!.companiesHouseCode).toBe(lost);
  expect(rows.get(d.id)!.companiesHouseCode).toBeNull();

  const second = await reencryptPersonalCodes(db, during);
  expect(second.reencrypted).toBe(0);
});
