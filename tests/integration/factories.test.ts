import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, directorAddresses, directorChecks, directorFiles, directorMedia, directors, notifications, sessions, users } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { getEnv } from "@/lib/env";
import { isReference } from "@/lib/references";
import {
  deleteCreatedRows,
  insertAddress,
  insertAuditEntry,
  insertCheck,
  insertClient,
  insertClientWithDirectors,
  insertDirector,
  insertFile,
  insertMedia,
  insertNotification,
  insertSession,
  insertUser,
} from "../support/factories";
import { setupTestDb } from "./support/setup-test-db";

/** The factories other tests stand on: defaults that satisfy the schema, unique values, and a clean-up that leaves nothing behind. */

setupTestDb({ seed: false });

describe("test factories", () => {
  it("give every client and director its own valid reference and email", async () => {
    const db = await getDb();
    const a = await insertClientWithDirectors(db, { directors: 3 });
    const b = await insertClientWithDirectors(db, { directors: 3 });
    const references = [a.client, b.client, ...a.directors, ...b.directors].map((r) => r.reference);
    const emails = [a.client.mainContactEmail, b.client.mainContactEmail, ...[...a.directors, ...b.directors].map((d) => d.email)];
    expect(new Set(references).size).toBe(8);
    expect(new Set(emails).size).toBe(8);
    expect(references.every(isReference)).toBe(true);
    expect(a.directors.every((d) => d.clientId === a.client.id && d.status === "AwaitingIDInfo")).toBe(true);
  });

  it("price a client as the portal would: overrides count, deleted directors do not, overrides win", async () => {
    const db = await getDb();
    const { client } = await insertClientWithDirectors(db, { directors: [{}, { priceOverride: 1000 }, { isDeleted: true }] });
    expect(client).toMatchObject({ unitPrice: 6500, fullPrice: 6500 + 1000, standardFullPrice: 2 * 6500 });
    const cheap = await insertClientWithDirectors(db, { client: { unitPrice: 100, fullPrice: 5 }, directors: 2 });
    expect(cheap.client).toMatchObject({ unitPrice: 100, fullPrice: 5 });
    const unpriced = await insertClientWithDirectors(db, { client: { unitPrice: null, standardUnitPrice: null }, directors: 1 });
    expect(unpriced.client).toMatchObject({ fullPrice: null, standardFullPrice: null });
  });

  it("write a file's bytes where the portal reads them, with their size and hash", async () => {
    const db = await getDb();
    const { directors: [d] } = await insertClientWithDirectors(db, { directors: 1 });
    const file = await insertFile(db, { directorId: d!.id, bytes: "hello" });
    const full = path.resolve(getEnv().DATA_DIR, "files", file.storageKey);
    expect(fs.readFileSync(full, "utf8")).toBe("hello");
    expect(file).toMatchObject({ sizeBytes: 5, sha256: "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" });
  });

  it("start a session whose stored id is the hash of the cookie", async () => {
    const db = await getDb();
    const session = await insertSession(db, { userType: "Admin", email: "admin@portal.example" });
    expect(session.id).toBe(hashToken(session.cookie));
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("remove what they created, and what hangs off it, and nothing else", async () => {
    const db = await getDb();
    const bystander = await db.insert(clients).values({ name: "Bystander Ltd", reference: "BYST4NDR", mainContactEmail: "by@stander.example", productTier: "OneOff", journey: "PayByCard" }).returning();
    const { client, directors: [d] } = await insertClientWithDirectors(db, { directors: 1 });
    const other = await insertClient(db);
    const director = await insertDirector(db, { clientId: other.id });
    await insertAddress(db, { directorId: d!.id });
    await insertCheck(db, { directorId: d!.id });
    await insertMedia(db, { directorId: d!.id });
    const file = await insertFile(db, { directorId: director.id, bytes: "x" });
    const note = await insertNotification(db);
    const aboutClient = await db.insert(notifications).values({ message: "About the client", clientId: client.id }).returning();
    const entry = await insertAuditEntry(db);
    const aboutDirector = await db.insert(auditEntries).values({ action: "x", auditType: "DirectorModified", entityType: "Director", directorId: director.id }).returning();
    const user = await insertUser(db, { type: "DV_CompanyContact" });
    const session = await insertSession(db, { userType: "Admin", email: "admin@portal.example" });

    await deleteCreatedRows(db);

    const clientIds = [client.id, other.id];
    const directorIds = [d!.id, director.id];
    expect(await db.select().from(clients).where(inArray(clients.id, clientIds))).toEqual([]);
    expect(await db.select().from(directors).where(inArray(directors.id, directorIds))).toEqual([]);
    for (const table of [directorAddresses, directorChecks, directorMedia, directorFiles]) {
      expect(await db.select().from(table).where(inArray(table.directorId, directorIds))).toEqual([]);
    }
    expect(fs.existsSync(path.resolve(getEnv().DATA_DIR, "files", file.storageKey))).toBe(false);
    expect(await db.select().from(notifications).where(inArray(notifications.id, [note.id, aboutClient[0]!.id]))).toEqual([]);
    expect(await db.select().from(auditEntries).where(inArray(auditEntries.id, [entry.id, aboutDirector[0]!.id]))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    expect(await db.select().from(clients).where(eq(clients.id, bystander[0]!.id))).toHaveLength(1);
    await db.delete(clients).where(eq(clients.id, bystander[0]!.id));
  });
});
