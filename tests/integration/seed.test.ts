import { and, eq, inArray, like, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, rowsOf, type DatabaseHandle, type Db } from "@/db/client";
import {
  auditEntries,
  clients,
  directorAddresses,
  directorChecks,
  directorMedia,
  directors,
  directorStatusValues,
  clientStatusValues,
  journeyValues,
  notifications,
  productTierValues,
  users,
} from "@/db/schema";
import { demoAccounts, demoClientReferences, demoDirectorReferences, seedDemo } from "@/db/seed/demo";
import { LARGE_CLIENT_PREFIX, LARGE_DIRECTOR_PREFIX, largeReference, seedLarge } from "@/db/seed/large";
import { isReference } from "@/lib/references";

/*
 * The seeds write a lot of rows, so on PostgreSQL they run in a database of their own (created
 * here, migrated from scratch, dropped afterwards) rather than in the worker's shared database.
 * On the embedded fallback they use the worker's database.
 */

let handle: DatabaseHandle;
let db: Db;
let privateDatabase: { adminUrl: string; name: string } | undefined;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const u = new URL(url);
    const name = `${u.pathname.slice(1)}_seed`.slice(0, 63);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
      privateDatabase = { adminUrl: url, name };
      u.pathname = `/${name}`;
    } catch {
      // No right to create databases: use the worker's database.
    } finally {
      await admin.end();
    }
    handle = await openDatabase({ databaseUrl: u.toString(), migrate: true });
  } else {
    handle = await openDatabase({ dataDir: process.env.DATA_DIR, migrate: true });
  }
  db = handle.db;
}, 60_000);

afterAll(async () => {
  await handle?.close();
  if (privateDatabase) {
    const admin = new pg.Client({ connectionString: privateDatabase.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${privateDatabase.name}" WITH (FORCE)`).finally(() => admin.end());
  }
}, 60_000);

async function counts() {
  const n = async (table: string) =>
    Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
  return {
    clients: await n("clients"),
    directors: await n("directors"),
    directorChecks: await n("director_checks"),
    directorMedia: await n("director_media"),
    directorAddresses: await n("director_addresses"),
    auditEntries: await n("audit_entries"),
    notifications: await n("notifications"),
    users: await n("users"),
  };
}

describe("seedDemo", () => {
  it("is idempotent: a second run creates nothing and changes no counts", async () => {
    const first = await seedDemo(db);
    const after1 = await counts();
    const second = await seedDemo(db);
    const after2 = await counts();
    expect(after2).toEqual(after1);
    expect(second).toEqual({ usersCreated: 0, clientsCreated: 0, directorsCreated: 0, auditEntriesCreated: 0, notificationsCreated: 0 });
    // If another test file seeded first, the first run may also have created nothing.
    if (first.clientsCreated) {
      expect(first).toMatchObject({ clientsCreated: demoClientReferences.length, directorsCreated: demoDirectorReferences.length });
    }
  }, 60_000);

  it("has at least 3 clients and 12 directors, across tiers, journeys and statuses", async () => {
    const cs = await db.select().from(clients).where(inArray(clients.reference, demoClientReferences));
    const ds = await db.select().from(directors).where(inArray(directors.reference, demoDirectorReferences));
    expect(cs.length).toBeGreaterThanOrEqual(3);
    expect(ds.length).toBeGreaterThanOrEqual(12);
    expect(new Set(cs.map((c) => c.productTier))).toEqual(new Set(productTierValues));
    expect(new Set(cs.map((c) => c.journey))).toEqual(new Set(journeyValues));
    expect(new Set(cs.map((c) => c.status))).toEqual(new Set(clientStatusValues));
  });

  it("covers every director status", async () => {
    const ds = await db
      .select({ status: directors.status })
      .from(directors)
      .where(and(inArray(directors.reference, demoDirectorReferences), eq(directors.isDeleted, false)));
    expect(new Set(ds.map((d) => d.status))).toEqual(new Set(directorStatusValues));
  });

  it("uses unique references from the unambiguous alphabet", async () => {
    const all = [...demoClientReferences, ...demoDirectorReferences];
    expect(new Set(all).size).toBe(all.length);
    for (const r of all) expect(isReference(r)).toBe(true);
    for (const table of ["clients", "directors"]) {
      const dupes = rowsOf(
        await db.execute(sql`select reference from ${sql.identifier(table)} group by reference having count(*) > 1`),
      );
      expect(dupes).toEqual([]);
    }
  });

  it("demo accounts match the seeded records", async () => {
    for (const account of demoAccounts) {
      if (account.role === "DV_CompanyContact") {
        const [c] = await db.select().from(clients).where(eq(clients.reference, account.reference!));
        expect(c?.mainContactEmail).toBe(account.email);
        expect(c?.isDeleted).toBe(false);
      } else if (account.role === "DV_Director") {
        const [d] = await db.select().from(directors).where(eq(directors.reference, account.reference!));
        expect(d?.email).toBe(account.email);
        expect(d?.isDeleted).toBe(false);
      } else {
        const [u] = await db.select().from(users).where(eq(users.email, account.email));
        expect(u?.type).toBe("Admin");
      }
    }
    expect(demoAccounts.find((a) => a.reference === "HWH7K2QP")?.email).toBe("olivia.bennett@hartwell-holdings.example");
    expect(demoAccounts.find((a) => a.email === "james.whitaker@hartwell-holdings.example")?.role).toBe("DV_Director");
    expect(demoAccounts.some((a) => a.email === "admin@portal.example" && a.role === "Admin")).toBe(true);
  });

  it("gives verified directors address history, checks and media, and writes audit entries and notifications", async () => {
    const verified = await db
      .select({ id: directors.id, status: directors.status })
      .from(directors)
      .where(and(inArray(directors.reference, demoDirectorReferences), inArray(directors.status, ["Verified", "Complete", "AwaitingAuthCode"])));
    expect(verified.length).toBeGreaterThan(0);
    const ids = verified.map((d) => d.id);
    const addresses = await db.select().from(directorAddresses).where(inArray(directorAddresses.directorId, ids));
    const checks = await db.select().from(directorChecks).where(inArray(directorChecks.directorId, ids));
    const media = await db.select().from(directorMedia).where(inArray(directorMedia.directorId, ids));
    for (const id of ids) {
      expect(addresses.some((a) => a.directorId === id)).toBe(true);
      expect(checks.some((c) => c.directorId === id)).toBe(true);
      expect(media.some((m) => m.directorId === id)).toBe(true);
    }
    // Every address history reaches back at least 12 months.
    const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const id of ids) {
      const earliest = addresses.filter((a) => a.directorId === id).map((a) => a.startDate!).sort()[0]!;
      expect(earliest <= yearAgo).toBe(true);
    }
    const clientIds = (await db.select({ id: clients.id }).from(clients).where(inArray(clients.reference, demoClientReferences))).map((c) => c.id);
    const audit = await db.select().from(auditEntries).where(inArray(auditEntries.clientId, clientIds));
    expect(audit.length).toBeGreaterThan(20);
    expect(new Set(audit.map((a) => a.auditType)).size).toBeGreaterThan(10);
    const notes = await db.select().from(notifications).where(inArray(notifications.clientId, clientIds));
    expect(notes.some((n) => !n.read)).toBe(true);
  });

  it("keeps the relational API working: a client with its directors and their client", async () => {
    const client = await db.query.clients.findFirst({
      where: eq(clients.reference, "HWH7K2QP"),
      with: { directors: { with: { client: true, directorAddresses: true, directorChecks: true, directorMedias: true, directorFiles: true } } },
    });
    expect(client?.name).toBe("Hartwell Holdings Ltd");
    expect(client?.directors.length).toBeGreaterThanOrEqual(6);
    expect(client?.directors.every((d) => d.client.id === client.id)).toBe(true);
  });
});

describe("seedLarge", () => {
  it("creates the requested numbers of rows, and tops up rather than duplicating", async () => {
    const first = await seedLarge(db, { clients: 50, directors: 500, batchSize: 120 });
    expect(first).toMatchObject({ clientsCreated: 50, directorsCreated: 500, clientsTotal: 50, directorsTotal: 500 });

    const largeClients = await db.select().from(clients).where(like(clients.reference, `${LARGE_CLIENT_PREFIX}%`));
    const largeDirectors = await db.select().from(directors).where(like(directors.reference, `${LARGE_DIRECTOR_PREFIX}%`));
    expect(largeClients).toHaveLength(50);
    expect(largeDirectors).toHaveLength(500);
    expect(largeClients.map((c) => c.reference)).toContain(largeReference(LARGE_CLIENT_PREFIX, 1));
    expect(largeDirectors.map((d) => d.reference)).toContain(largeReference(LARGE_DIRECTOR_PREFIX, 500));
    for (const r of [...largeClients, ...largeDirectors]) expect(isReference(r.reference)).toBe(true);

    // Spread over statuses and tiers; a OneOff client has one individual.
    expect(new Set(largeDirectors.map((d) => d.status)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(largeClients.map((c) => c.productTier))).toEqual(new Set(productTierValues));
    const perClient = new Map<number, number>();
    for (const d of largeDirectors) perClient.set(d.clientId, (perClient.get(d.clientId) ?? 0) + 1);
    for (const c of largeClients) {
      expect(perClient.get(c.id) ?? 0).toBeGreaterThanOrEqual(1);
      if (c.productTier === "OneOff") expect(perClient.get(c.id)).toBe(1);
    }

    const again = await seedLarge(db, { clients: 50, directors: 500 });
    expect(again).toMatchObject({ clientsCreated: 0, directorsCreated: 0, clientsTotal: 50, directorsTotal: 500 });

    const more = await seedLarge(db, { clients: 60, directors: 650 });
    expect(more).toMatchObject({ clientsCreated: 10, directorsCreated: 150, clientsTotal: 60, directorsTotal: 650 });
  }, 60_000);

  it("prices each large client from its directors, in pence", async () => {
    const rows = rowsOf<{ bad: number }>(
      await db.execute(sql`
        select count(*)::int as bad from clients c
        where c.reference like ${`${LARGE_CLIENT_PREFIX}%`}
          and c.full_price is distinct from (
            select coalesce(sum(coalesce(d.price_override, c.unit_price)), 0)
            from directors d where d.client_id = c.id and not d.is_deleted)
          and exists (select 1 from directors d where d.client_id = c.id and not d.is_deleted)
      `),
    );
    expect(rows[0]!.bad).toBe(0);
  });
});
