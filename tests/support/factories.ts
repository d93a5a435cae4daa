import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db";
import {
  directorAdditions,
  auditEntries,
  clients,
  directorAddresses,
  directorChecks,
  directorFiles,
  directorMedia,
  directors,
  notifications,
  sessions,
  users,
  type AuditEntry,
  type Client,
  type Director,
  type DirectorAddress,
  type DirectorCheck,
  type DirectorFile,
  type DirectorMedia,
  type NewAuditEntry,
  type NewClient,
  type NewDirector,
  type NewDirectorAddress,
  type NewDirectorCheck,
  type NewDirectorFile,
  type NewDirectorMedia,
  type NewNotification,
  type NewSession,
  type NewUser,
  type Notification,
  type Session,
  type User,
} from "@/db/schema";
import { hashToken, randomToken } from "@/lib/auth/tokens";
import { getEnv } from "@/lib/env";
import { generateReference } from "@/lib/references";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";

/*
 * Test data factories. Each inserts one row with sensible defaults, takes any column as an override
 * and returns the inserted row. Emails and references are unique per call, so tests can run side by
 * side in one database and never collide with the demo data or with each other.
 *
 * Every row a factory inserts is remembered (per test file: Jest loads this module once per file),
 * so that `deleteCreatedRows()` can remove it again with whatever hangs off it; the integration set-up
 * (`setupTestDb`) does that after each file.
 */

/** A short random tag that makes names, emails and storage keys unique. */
export function uniqueTag(): string {
  return randomBytes(5).toString("hex");
}

const created = {
  clients: new Set<number>(),
  users: new Set<number>(),
  notifications: new Set<number>(),
  auditEntries: new Set<number>(),
  sessions: new Set<string>(),
  files: new Set<string>(),
};

/** Registers a client made otherwise (e.g. through a route) for deleteCreatedRows to remove with its rows. */
export function trackCreatedClient(id: number): void {
  created.clients.add(id);
}

/** The fixed price per director in pence the factories charge unless told otherwise (£65). */
export const DEFAULT_UNIT_PRICE = 6500;

/** A client company: Managed tier, pay by invoice, status New, £65 a director. */
export async function insertClient(db: DbOrTx, overrides: Partial<NewClient> = {}): Promise<Client> {
  const tag = uniqueTag();
  const [row] = await db
    .insert(clients)
    .values({
      name: `Factory ${tag} Ltd`,
      reference: generateReference(),
      mainContactEmail: `contact-${tag}@factory.example`,
      mainContactFirstName: "Casey",
      mainContactLastName: "Contact",
      productTier: "Managed",
      journey: "PayByInvoice",
      unitPrice: DEFAULT_UNIT_PRICE,
      standardUnitPrice: DEFAULT_UNIT_PRICE,
      createdBy: "system",
      ...overrides,
    })
    .returning();
  created.clients.add(row!.id);
  return row!;
}

/**
 * The details a director gives before their identity check (the status machine's guard on starting
 * it): a current address lived at for more than 12 months, so no address history is needed.
 */
export function completeDetails(): Pick<NewDirector, "addressLine1" | "city" | "postcode" | "country" | "currentAddressStartDate"> {
  const since = new Date();
  since.setUTCFullYear(since.getUTCFullYear() - 3);
  return { addressLine1: "1 Test Street", city: "London", postcode: "SW1A 1AA", country: "GB", currentAddressStartDate: since.toISOString().slice(0, 10) };
}

/** A director of `clientId`, awaiting their identity information unless told otherwise. */
export async function insertDirector(db: DbOrTx, values: Partial<NewDirector> & Pick<NewDirector, "clientId">): Promise<Director> {
  const [row] = await db.insert(directors).values(directorValues(values)).returning();
  return row!;
}

function directorValues(values: Partial<NewDirector> & Pick<NewDirector, "clientId">): NewDirector {
  const tag = uniqueTag();
  return {
    name: `Director ${tag}`,
    firstName: "Director",
    lastName: tag,
    email: `director-${tag}@factory.example`,
    reference: generateReference(),
    // Invited unless told otherwise: pass `invitedAt: null` for an individual of an unpaid request.
    invitedAt: new Date(),
    ...values,
  };
}

/**
 * A client with its directors: `directors` is a number of default directors or one override object
 * per director. Unless given, the client's totals are those the portal would compute: the sum of
 * each live director's price (its override, else the unit price), and the same at standard price.
 */
export async function insertClientWithDirectors(
  db: DbOrTx,
  options: { client?: Partial<NewClient>; directors?: number | Partial<Omit<NewDirector, "clientId">>[] } = {},
): Promise<{ client: Client; directors: Director[] }> {
  const people: Partial<Omit<NewDirector, "clientId">>[] =
    typeof options.directors === "number" ? Array.from({ length: options.directors }, () => ({})) : (options.directors ?? []);
  const unitPrice = options.client?.unitPrice === undefined ? DEFAULT_UNIT_PRICE : options.client.unitPrice;
  const standardUnitPrice = options.client?.standardUnitPrice === undefined ? DEFAULT_UNIT_PRICE : options.client.standardUnitPrice;
  const live = people.filter((p) => !p.isDeleted);
  const total = (price: number | null, each: (p: Partial<NewDirector>) => number | null | undefined) =>
    price === null ? null : live.reduce((sum, p) => sum + (each(p) ?? price), 0);
  const client = await insertClient(db, {
    fullPrice: total(unitPrice, (p) => p.priceOverride),
    standardFullPrice: total(standardUnitPrice, () => undefined),
    ...options.client,
  });
  if (!people.length) return { client, directors: [] };
  const rows = await db
    .insert(directors)
    .values(people.map((p) => directorValues({ ...p, clientId: client.id })))
    .returning();
  return { client, directors: rows };
}

/** An entry of a director's address history: a current UK address unless told otherwise. */
export async function insertAddress(db: DbOrTx, values: Partial<NewDirectorAddress> & Pick<NewDirectorAddress, "directorId">): Promise<DirectorAddress> {
  const [row] = await db
    .insert(directorAddresses)
    .values({ addressLine1: "1 Factory Street", city: "Leeds", postcode: "LS1 4AP", country: "GB", startDate: "2020-01-01", endDate: null, ...values })
    .returning();
  return row!;
}

/** A finished identity-provider check that recommends approval. */
export async function insertCheck(db: DbOrTx, values: Partial<NewDirectorCheck> & Pick<NewDirectorCheck, "directorId">): Promise<DirectorCheck> {
  const now = new Date();
  const [row] = await db
    .insert(directorChecks)
    .values({ yotiCheckId: randomUUID(), type: "ID_DOCUMENT_AUTHENTICITY", state: "DONE", recommendation: "APPROVE", created: now, lastUpdated: now, ...values })
    .returning();
  return row!;
}

/** A media item of the identity-provider session: the document's JSON result unless told otherwise. */
export async function insertMedia(db: DbOrTx, values: Partial<NewDirectorMedia> & Pick<NewDirectorMedia, "directorId">): Promise<DirectorMedia> {
  const now = new Date();
  const yotiMediaId = values.yotiMediaId ?? randomUUID();
  const [row] = await db
    .insert(directorMedia)
    .values({
      yotiMediaId,
      type: "JSON",
      path: `/sessions/${randomUUID()}/media/${yotiMediaId}/content`,
      jsonContent: { document_type: "PASSPORT", issuing_country: "GBR", full_name: "Factory Director" },
      created: now,
      lastUpdated: now,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * An uploaded evidence file. With `bytes`, they are written where the portal reads them
 * (`<dataDir>/files/<storageKey>`, dataDir defaulting to DATA_DIR) and the size and hash follow
 * them; without, the row points at bytes that do not exist.
 */
export async function insertFile(
  db: DbOrTx,
  values: Partial<NewDirectorFile> & Pick<NewDirectorFile, "directorId"> & { bytes?: Uint8Array | string; dataDir?: string },
): Promise<DirectorFile> {
  const { bytes, dataDir, ...columns } = values;
  const storageKey = columns.storageKey ?? `factory-${uniqueTag()}.pdf`;
  const content = bytes === undefined ? undefined : typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes);
  if (content) {
    const dir = path.resolve(dataDir ?? getEnv().DATA_DIR, "files");
    fs.mkdirSync(dir, { recursive: true });
    const full = path.join(dir, storageKey);
    fs.writeFileSync(full, content);
    created.files.add(full);
  }
  const [row] = await db
    .insert(directorFiles)
    .values({
      fileName: "evidence.pdf",
      fileType: "Name",
      contentType: "application/pdf",
      sizeBytes: content?.length ?? 1,
      sha256: content ? createHash("sha256").update(content).digest("hex") : "0".repeat(64),
      ...columns,
      storageKey,
    })
    .returning();
  return row!;
}

/** A notification for every admin (recipient null) unless told otherwise. */
export async function insertNotification(db: DbOrTx, overrides: Partial<NewNotification> = {}): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({ message: `Factory notification ${uniqueTag()}`, ...overrides })
    .returning();
  created.notifications.add(row!.id);
  return row!;
}

/** Audit entries, in one insert; each defaults to a ClientModified entry on a test entity. */
export async function insertAuditEntries(db: DbOrTx, entries: Partial<NewAuditEntry>[]): Promise<AuditEntry[]> {
  if (!entries.length) return [];
  const rows = await db
    .insert(auditEntries)
    .values(entries.map((e) => ({ action: "Factory entry", auditType: "ClientModified" as const, entityType: "FactoryTest", user: "tester@portal.example", ...e })))
    .returning();
  for (const r of rows) created.auditEntries.add(r.id);
  return rows;
}

/** One audit entry (see insertAuditEntries). */
export async function insertAuditEntry(db: DbOrTx, overrides: Partial<NewAuditEntry> = {}): Promise<AuditEntry> {
  const [row] = await insertAuditEntries(db, [overrides]);
  return row!;
}

/** A staff member (Admin) unless told otherwise; other user types get a reference of their own. */
export async function insertUser(db: DbOrTx, overrides: Partial<NewUser> = {}): Promise<User> {
  const tag = uniqueTag();
  const type = overrides.type ?? "Admin";
  const [row] = await db
    .insert(users)
    .values({ email: `staff-${tag}@factory.example`, type, displayName: `Staff ${tag}`, reference: type === "Admin" ? null : generateReference(), ...overrides })
    .returning();
  created.users.add(row!.id);
  return row!;
}

/**
 * A live server-side session, as sign-in would create it: only the hash of the cookie value is
 * stored. Returns the row and the cookie value a browser would send.
 */
export async function insertSession(
  db: DbOrTx,
  values: Partial<Omit<NewSession, "id">> & Pick<NewSession, "userType" | "email">,
): Promise<Session & { cookie: string }> {
  const cookie = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({ expiresAt: new Date(Date.now() + 3600_000), ...values, id: hashToken(cookie) })
    .returning();
  created.sessions.add(row!.id);
  return { ...row!, cookie };
}

/**
 * Removes every row the factories inserted (in this test file), and what hangs off them: the
 * clients' directors with their evidence, sessions and sign-in links, the audit entries and
 * notifications about them, and the files written for them.
 */
export async function deleteCreatedRows(db: DbOrTx): Promise<void> {
  const clientIds = [...created.clients];
  const directorIds = clientIds.length ? (await db.select({ id: directors.id }).from(directors).where(inArray(directors.clientId, clientIds))).map((d) => d.id) : [];
  /** Rows about the created clients or their directors, or inserted by a factory themselves. */
  const about = (t: Record<"clientId" | "directorId" | "id", AnyPgColumn>, ids: Set<number>) => [
    ...(clientIds.length ? [inArray(t.clientId, clientIds)] : []),
    ...(directorIds.length ? [inArray(t.directorId, directorIds)] : []),
    ...(ids.size ? [inArray(t.id, [...ids])] : []),
  ];
  const audit = about(auditEntries, created.auditEntries);
  if (audit.length) {
    // Audit entries are append-only (migration 0037): the clean-up deletes its own through the door
    // retention uses, leaving a gap in this throw-away database's chain (audit-trail.test.ts verifies
    // chains in databases of its own).
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.audit_prune', 'on', true)`);
      await tx.delete(auditEntries).where(or(...audit));
      await tx.execute(sql`select set_config('portal.audit_prune', 'off', true)`);
    });
  }
  const notes = about(notifications, created.notifications);
  if (notes.length) await db.delete(notifications).where(or(...notes));
  if (created.sessions.size) await db.delete(sessions).where(inArray(sessions.id, [...created.sessions]));
  if (clientIds.length) {
    await db.delete(directorAdditions).where(inArray(directorAdditions.clientId, clientIds));
    await db.delete(directors).where(inArray(directors.clientId, clientIds));
    await db.delete(clients).where(inArray(clients.id, clientIds));
  }
  if (created.users.size) await db.delete(users).where(inArray(users.id, [...created.users]));
  for (const file of created.files) fs.rmSync(file, { force: true });
  for (const set of Object.values(created)) set.clear();
}

let requestCount = 0;

/**
 * A valid public request (POST /api/requests/identity-verification) for a company of its own: unique
 * name and emails per call, paying by invoice for the Managed tier, VAT registered, `individuals`
 * directors. `company` names it ("<company> <tag> Ltd"); any field can be overridden.
 */
export function onboardingRequestInput(overrides: Partial<OnboardingRequestInput> = {}, { individuals = 3, company = "Request Test" } = {}): OnboardingRequestInput {
  requestCount += 1;
  const tag = `${Date.now().toString(36)}${uniqueTag().slice(0, 4)}${requestCount}`;
  return {
    journey: "PayByInvoice",
    productTier: "Managed",
    company: { name: `${company} ${tag} Ltd`, companyId: "01234567" },
    mainContactFirstName: "Ann",
    mainContactLastName: "Lee",
    mainContactEmail: `Ann.${tag}@Example.com`,
    mainContactTelephone: "+44 20 7946 0000",
    billingEntityName: `${company} ${tag} Ltd`,
    billingAddressLine1: "1 High Street",
    billingAddressCity: "London",
    billingAddressPostCode: "EC1A 1AA",
    billingAddressCountry: "GB",
    accountPayableContactFirstName: "Pat",
    accountPayableContactLastName: "Payne",
    accountPayableContactEmail: `ap.${tag}@example.com`,
    vatNumber: "GB123456789",
    vatExempt: false,
    purchaseOrderInfo: "PO-778",
    individuals: Array.from({ length: individuals }, (_, i) => ({ name: `Director ${i + 1}`, email: `d${i + 1}.${tag}@Example.com` })),
    ...overrides,
  };
}
