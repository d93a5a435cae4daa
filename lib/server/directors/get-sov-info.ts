import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directorChecks, directorMedia, directors, type Director, type DirectorCheck, type DirectorMedia } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** The Authorised Corporate Service Provider that makes the statement (chrome.footer in messages). */
export const ACSP_NAME = "Thornbury Corporate Services Ltd";

export interface SovDocument {
  type: string | null;
  reference: string | null;
  expiry: string | null;
  issuingCountry: string | null;
}

/** The statement-of-verification data of a director (GET .../directors/{id}/sov-info). */
export interface SovInfo {
  directorId: number;
  name: string;
  status: Director["status"];
  /** When identity was verified: the check's completion, else the date reported to Companies House. */
  dateVerified: string | null;
  verificationCompletedAt: string | null;
  dateToCompaniesHouse: string | null;
  idvNumber: string | null;
  companiesHouseCode: string | null;
  checks: { id: number; yotiCheckId: string; type: string | null; state: string | null; recommendation: string | null; created: string | null }[];
  /** Identity documents read by the provider, where the media's JSON content says. */
  documents: SovDocument[];
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
  };
  return doc.type || doc.reference || doc.expiry || doc.issuingCountry ? doc : null;
}

/** Pure: the statement-of-verification data from a director, its checks and its media. */
export function buildSovInfo(
  director: Pick<Director, "id" | "name" | "status" | "verificationCompletedAt" | "dateToCompaniesHouse" | "idvNumber" | "companiesHouseCode">,
  checks: readonly Pick<DirectorCheck, "id" | "yotiCheckId" | "type" | "state" | "recommendation" | "created">[],
  media: readonly Pick<DirectorMedia, "jsonContent">[],
): SovInfo {
  const completed = director.verificationCompletedAt ? director.verificationCompletedAt.toISOString() : null;
  return {
    directorId: director.id,
    name: director.name,
    status: director.status,
    dateVerified: completed ? completed.slice(0, 10) : director.dateToCompaniesHouse,
    verificationCompletedAt: completed,
    dateToCompaniesHouse: director.dateToCompaniesHouse,
    idvNumber: director.idvNumber,
    companiesHouseCode: director.companiesHouseCode,
    checks: checks.map((c) => ({
      id: c.id,
      yotiCheckId: c.yotiCheckId,
      type: c.type,
      state: c.state,
      recommendation: c.recommendation,
      created: c.created ? c.created.toISOString() : null,
    })),
    documents: media.map((m) => documentOf(m.jsonContent)).filter((d): d is SovDocument => d !== null),
    acspName: ACSP_NAME,
  };
}

/** The statement-of-verification data of a director, for staff. */
export async function getSovInfo({ db, user, id }: { db: Db; user: Principal; id: number }): Promise<SovInfo> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const [director] = await db
    .select({
      id: directors.id,
      name: directors.name,
      status: directors.status,
      verificationCompletedAt: directors.verificationCompletedAt,
      dateToCompaniesHouse: directors.dateToCompaniesHouse,
      idvNumber: directors.idvNumber,
      companiesHouseCode: directors.companiesHouseCode,
    })
    .from(directors)
    .where(eq(directors.id, id))
    .limit(1);
  if (!director) throw new AppError("not_found");
  const [checks, media] = await Promise.all([
    db.select().from(directorChecks).where(eq(directorChecks.directorId, id)).orderBy(asc(directorChecks.created), asc(directorChecks.id)),
    db.select({ jsonContent: directorMedia.jsonContent }).from(directorMedia).where(eq(directorMedia.directorId, id)).orderBy(asc(directorMedia.id)),
  ]);
  return buildSovInfo(director, checks, media);
}
