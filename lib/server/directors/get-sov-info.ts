import "server-only";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { auditEntries, clients, directorAddresses, directorChecks, directorFiles, directorMedia, directors, type Director, type DirectorAddress, type DirectorCheck, type DirectorFile, type DirectorMedia } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/server/app-error";
import { fileFacts } from "./director-file-view";
import { readPersonalCode } from "./personal-code-keys";
import type { DatedAddress } from "@/lib/domain/address-history";
import { log } from "@/lib/log";

/** The Authorised Corporate Service Provider that makes the statement (chrome.footer in messages). */
export const ACSP_NAME = "Thornbury Corporate Services Ltd";

export interface SovDocument {
  type: string | null;
  reference: string | null;
  expiry: string | null;
  issuingCountry: string | null;
  /** As the provider read it from the document, when it did. */
  fullName: string | null;
  dateOfBirth: string | null;
}

/** An address of the history in the evidence pack (endDate null for the current address). */
export type SovAddress = DatedAddress;

/**
 * Who verified the identity: an admin who set the verified status by hand (their email), or the
 * identity provider's checks (the portal moved the status on the provider's result).
 */
export type SovVerifiedBy = { kind: "admin"; email: string; at: string } | { kind: "provider"; at: string } | null;

/** The statement-of-verification data of a director (GET .../directors/{id}/sov-info). */
export interface SovInfo {
  directorId: number;
  clientId?: number;
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  reference?: string;
  companyName?: string | null;
  status: Director["status"];
  /** From the identity document, when the provider gave it. */
  dateOfBirth: string | null;
  /** With the dates each was used when the director gave them (`{ name, from, to }`), else the names alone. */
  formerNames: (string | { name: string; from: string | null; to: string | null })[];
  /** When identity was verified: the check's completion, else the date reported to Companies House. */
  dateVerified: string | null;
  verificationCompletedAt: string | null;
  dateToCompaniesHouse: string | null;
  idvNumber: string | null;
  companiesHouseCode: string | null;
  verifiedBy?: SovVerifiedBy;
  checks: { id: number; yotiCheckId: string; type: string | null; state: string | null; recommendation: string | null; created: string | null }[];
  /** Identity documents read by the provider, where the media's JSON content says. */
  documents: SovDocument[];
  /** Current address first, then earlier ones, newest first. */
  addressHistory: SovAddress[];
  /**
   * Evidence uploaded by the director (and kept copies of the provider's media), with their hashes;
   * `withdrawnByDirectorAt` when the director "deleted" it after review (kept, hidden from them).
   */
  files: { id: number; fileName: string; fileType: DirectorFile["fileType"]; contentType: string; sizeBytes: number; sha256: string; createdAt: string; withdrawnByDirectorAt: string | null }[];
  /** When the retention sweep deleted the evidence; null while it is kept. */
  evidenceDeletedAt: string | null;
  /** The day the evidence is due for deletion (completion + EVIDENCE_RETENTION_YEARS). */
  retainedUntil: string | null;
  acspName: string;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

function documentOf(content: unknown): SovDocument | null {
  if (!content || typeof content !== "object" || Array.isArray(content)) return null;
  const c = content as Record<string, unknown>;
  const doc: SovDocument = {
    type: text(c.document_type ?? c.documentType ?? c.type),
    reference: text(c.document_number ?? c.documentNumber ?? c.document_reference ?? c.documentReference),
    expiry: text(c.expiration_date ?? c.expiry_date ?? c.expirationDate ?? c.expiryDate),
    issuingCountry: text(c.issuing_country ?? c.issuingCountry ?? c.country),
    fullName: text(c.full_name ?? c.fullName),
    dateOfBirth: text(c.date_of_birth ?? c.dateOfBirth),
  };
  return doc.type || doc.reference || doc.expiry || doc.issuingCountry ? doc : null;
}

/** Adds whole years to a date, as an ISO day (29 February becomes 28 February in a common year). */
export function addYears(at: Date, years: number): string {
  const d = new Date(Date.UTC(at.getUTCFullYear() + years, at.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return d.toISOString().slice(0, 10);
}

type SovDirector = Pick<Director, "id" | "name" | "status" | "verificationCompletedAt" | "dateToCompaniesHouse" | "idvNumber" | "companiesHouseCode"> &
  Partial<Pick<Director, "clientId" | "firstName" | "lastName" | "reference" | "formerNames" | "formerNameHistory" | "evidenceDeletedAt" | "currentAddressStartDate" | "addressLine1" | "addressLine2" | "addressLine3" | "city" | "state" | "postcode" | "country">>;

export interface SovExtras {
  addresses?: readonly Pick<DirectorAddress, "addressLine1" | "addressLine2" | "addressLine3" | "city" | "state" | "postcode" | "country" | "startDate" | "endDate">[];
  files?: readonly (Pick<DirectorFile, "id" | "fileName" | "fileType" | "contentType" | "sizeBytes" | "sha256" | "createdAt"> & Partial<Pick<DirectorFile, "hiddenAt">>)[];
  companyName?: string | null;
  verifiedBy?: SovVerifiedBy;
  retentionYears?: number;
}

/** Pure: the statement-of-verification data from a director, its checks, its media and (optionally) the rest of its evidence. */
export function buildSovInfo(
  director: SovDirector,
  checks: readonly Pick<DirectorCheck, "id" | "yotiCheckId" | "type" | "state" | "recommendation" | "created">[],
  media: readonly Pick<DirectorMedia, "jsonContent">[],
  extras: SovExtras = {},
): SovInfo {
  const completed = director.verificationCompletedAt ? director.verificationCompletedAt.toISOString() : null;
  const documents = media.map((m) => documentOf(m.jsonContent)).filter((d): d is SovDocument => d !== null);
  const current: SovAddress[] = director.addressLine1
    ? [
        {
          addressLine1: director.addressLine1 ?? null,
          addressLine2: director.addressLine2 ?? null,
          addressLine3: director.addressLine3 ?? null,
          city: director.city ?? null,
          state: director.state ?? null,
          postcode: director.postcode ?? null,
          country: director.country ?? null,
          startDate: director.currentAddressStartDate ?? null,
          endDate: null,
        },
      ]
    : [];
  const previous = [...(extras.addresses ?? [])]
    .map((a) => ({ addressLine1: a.addressLine1, addressLine2: a.addressLine2, addressLine3: a.addressLine3, city: a.city, state: a.state, postcode: a.postcode, country: a.country, startDate: a.startDate, endDate: a.endDate }))
    .sort((a, b) => (b.startDate ?? "").localeCompare(a.startDate ?? ""));
  return {
    directorId: director.id,
    ...(director.clientId !== undefined ? { clientId: director.clientId } : {}),
    name: director.name,
    ...(director.firstName !== undefined ? { firstName: director.firstName } : {}),
    ...(director.lastName !== undefined ? { lastName: director.lastName } : {}),
    ...(director.reference !== undefined ? { reference: director.reference } : {}),
    ...(extras.companyName !== undefined ? { companyName: extras.companyName } : {}),
    status: director.status,
    dateOfBirth: documents.find((d) => d.dateOfBirth)?.dateOfBirth ?? null,
    formerNames: director.formerNameHistory?.length ? director.formerNameHistory : Array.isArray(director.formerNames) ? director.formerNames : [],
    dateVerified: completed ? completed.slice(0, 10) : director.dateToCompaniesHouse,
    verificationCompletedAt: completed,
    dateToCompaniesHouse: director.dateToCompaniesHouse,
    idvNumber: director.idvNumber,
    companiesHouseCode: director.companiesHouseCode,
    ...(extras.verifiedBy !== undefined ? { verifiedBy: extras.verifiedBy } : {}),
    checks: checks.map((c) => ({
      id: c.id,
      yotiCheckId: c.yotiCheckId,
      type: c.type,
      state: c.state,
      recommendation: c.recommendation,
      created: c.created ? c.created.toISOString() : null,
    })),
    documents,
    // The current address on the director, unless the history also lists it as current.
    addressHistory: previous.some((a) => a.endDate === null) ? previous : [...current, ...previous],
    files: (extras.files ?? []).map((f) => ({
      ...fileFacts(f),
      withdrawnByDirectorAt: f.hiddenAt ? f.hiddenAt.toISOString() : null,
    })),
    evidenceDeletedAt: director.evidenceDeletedAt ? director.evidenceDeletedAt.toISOString() : null,
    retainedUntil: director.verificationCompletedAt && extras.retentionYears ? addYears(director.verificationCompletedAt, extras.retentionYears) : null,
    acspName: ACSP_NAME,
  };
}

const VERIFIED_STATUSES = ["Verified", "AwaitingAuthCode", "Complete"];

/**
 * Who verified: the latest admin override to a verified status, else the provider's completed
 * check (the YotiCompleted entry), else nobody yet.
 */
async function verifiedByOf(db: Db, directorId: number): Promise<SovVerifiedBy> {
  const [entry] = await db
    .select({ auditType: auditEntries.auditType, user: auditEntries.user, timestamp: auditEntries.timestamp })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.directorId, directorId),
        or(
          eq(auditEntries.auditType, "YotiCompleted"),
          and(eq(auditEntries.auditType, "DirectorModified"), inArray(sql`${auditEntries.newValue} ->> 'statusOverride'`, VERIFIED_STATUSES)),
        ),
      ),
    )
    .orderBy(desc(auditEntries.timestamp), desc(auditEntries.id))
    .limit(1);
  if (!entry) return null;
  const at = entry.timestamp.toISOString();
  return entry.auditType === "YotiCompleted" || !entry.user ? { kind: "provider", at } : { kind: "admin", email: entry.user, at };
}

/**
 * The statement-of-verification record of a director, for staff: name, date of birth if the
 * provider gave it, the identity document (type, issuing country, expiry), the provider's check ids
 * and results, the address history, former names, the uploaded evidence with hashes, the dates
 * verified and sent to Companies House, who verified, and how long the evidence is kept.
 */
export async function getSovInfo({ db, user, id }: { db: Db; user: Principal; id: number }): Promise<SovInfo> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const [row] = await db.select({ director: directors, companyName: clients.name }).from(directors).innerJoin(clients, eq(clients.id, directors.clientId)).where(eq(directors.id, id)).limit(1);
  if (!row) throw new AppError("not_found");
  const [checks, media, addresses, files, verifiedBy] = await Promise.all([
    db.select().from(directorChecks).where(eq(directorChecks.directorId, id)).orderBy(asc(directorChecks.created), asc(directorChecks.id)),
    db.select({ jsonContent: directorMedia.jsonContent }).from(directorMedia).where(eq(directorMedia.directorId, id)).orderBy(asc(directorMedia.id)),
    db.select().from(directorAddresses).where(eq(directorAddresses.directorId, id)).orderBy(desc(directorAddresses.startDate), desc(directorAddresses.id)),
    db.select().from(directorFiles).where(and(eq(directorFiles.directorId, id), eq(directorFiles.isDeleted, false))).orderBy(asc(directorFiles.createdAt), asc(directorFiles.id)),
    verifiedByOf(db, id),
  ]);
  const sov = buildSovInfo(row.director, checks, media, { addresses, files, companyName: row.companyName, verifiedBy, retentionYears: getEnv().EVIDENCE_RETENTION_YEARS });
  // The code is stored encrypted; staff see it in clear. A key missing from configuration must not hide the rest of the pack.
  try {
    sov.companiesHouseCode = readPersonalCode(row.director);
  } catch (err) {
    log.error({ directorId: id }, `[evidence] personal code of director ${id} cannot be read: ${(err as Error).message}`);
    sov.companiesHouseCode = null;
  }
  return sov;
}
