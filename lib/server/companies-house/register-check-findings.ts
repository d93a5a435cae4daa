import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, directors, personLinks, registerChecks, type RegisterCheck } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { findOtherRecords, personKeysOf, type OtherRecord } from "./person-other-records";

/** A register check as staff see it (both sides' values, the outcome, and how it was resolved). */
export type RegisterCheckView = Pick<
  RegisterCheck,
  | "id"
  | "companyNumber"
  | "checkedAt"
  | "outcome"
  | "attempts"
  | "verifiedName"
  | "verifiedFrom"
  | "verifiedBirthMonth"
  | "verifiedBirthYear"
  | "registerName"
  | "registerRole"
  | "registerAppointedOn"
  | "registerActive"
  | "registerBirthMonth"
  | "registerBirthYear"
  | "nameResult"
  | "birthResult"
  | "resolvedAt"
  | "resolvedBy"
  | "resolutionReason"
> & {
  /** A finding that staff must look at and has not been resolved yet. */
  open: boolean;
};

/** What staff see of one individual's register check and of the person's other records. */
export interface RegisterFindings {
  /** The latest check; null when none was made. */
  latest: RegisterCheckView | null;
  /** Their identity check passed after the latest check (or none was made): a check is on its way. */
  pending: boolean;
  /** The same person's records at other clients. */
  otherRecords: OtherRecord[];
  /** The record this one was verified through (a personal code confirmed from an earlier verification), if any. */
  verifiedThrough: { directorId: number; clientId: number; clientName: string; at: Date; matchedBy: string } | null;
}

/** Outcomes that need staff until resolved. */
export const OPEN_OUTCOMES: readonly RegisterCheck["outcome"][] = ["mismatch", "not_on_register", "register_unavailable"];

export function registerCheckView(c: RegisterCheck): RegisterCheckView {
  return {
    id: c.id,
    companyNumber: c.companyNumber,
    checkedAt: c.checkedAt,
    outcome: c.outcome,
    attempts: c.attempts,
    verifiedName: c.verifiedName,
    verifiedFrom: c.verifiedFrom,
    verifiedBirthMonth: c.verifiedBirthMonth,
    verifiedBirthYear: c.verifiedBirthYear,
    registerName: c.registerName,
    registerRole: c.registerRole,
    registerAppointedOn: c.registerAppointedOn,
    registerActive: c.registerActive,
    registerBirthMonth: c.registerBirthMonth,
    registerBirthYear: c.registerBirthYear,
    nameResult: c.nameResult,
    birthResult: c.birthResult,
    resolvedAt: c.resolvedAt,
    resolvedBy: c.resolvedBy,
    resolutionReason: c.resolutionReason,
    open: OPEN_OUTCOMES.includes(c.outcome) && c.resolvedAt === null,
  };
}

/**
 * For staff (the client page's individuals, the evidence pack): each individual's latest register
 * check (issue 20 item 4), whether one is on its way, their records at other clients (item 5:
 * "Also a director of Northgate Property Services Ltd — verified 3 March 2026"), and the record
 * they were verified through. A handful of queries whatever the number of individuals.
 */
export async function listRegisterFindings({ db, user, directorIds }: { db: DbOrTx; user: Principal; directorIds: readonly number[] }): Promise<Map<number, RegisterFindings>> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const out = new Map<number, RegisterFindings>();
  const ids = [...new Set(directorIds)];
  if (!ids.length) return out;
  const [records, checks, links] = await Promise.all([
    db
      .select({
        id: directors.id,
        clientId: directors.clientId,
        name: directors.name,
        registerOfficerId: directors.registerOfficerId,
        registerBirthMonth: directors.registerBirthMonth,
        registerBirthYear: directors.registerBirthYear,
        checkPassedAt: directors.checkPassedAt,
      })
      .from(directors)
      .where(inArray(directors.id, ids)),
    db.selectDistinctOn([registerChecks.directorId]).from(registerChecks).where(inArray(registerChecks.directorId, ids)).orderBy(registerChecks.directorId, desc(registerChecks.checkedAt), desc(registerChecks.id)),
    db
      .select({ directorId: personLinks.directorId, linkedDirectorId: personLinks.linkedDirectorId, at: personLinks.createdAt, matchedBy: personLinks.matchedBy, clientId: directors.clientId, clientName: clients.name })
      .from(personLinks)
      .innerJoin(directors, eq(directors.id, personLinks.linkedDirectorId))
      .innerJoin(clients, eq(clients.id, directors.clientId))
      .where(inArray(personLinks.directorId, ids)),
  ]);
  const latestBy = new Map(checks.map((c) => [c.directorId, c]));
  const linkBy = new Map(links.map((l) => [l.directorId, l]));
  const others = await findOtherRecords(db, await personKeysOf(db, records));
  for (const r of records) {
    const latest = latestBy.get(r.id) ?? null;
    const link = linkBy.get(r.id);
    out.set(r.id, {
      latest: latest ? registerCheckView(latest) : null,
      pending: r.checkPassedAt !== null && (!latest || latest.checkedAt < r.checkPassedAt),
      otherRecords: others.get(r.id) ?? [],
      verifiedThrough: link ? { directorId: link.linkedDirectorId, clientId: link.clientId, clientName: link.clientName, at: link.at, matchedBy: link.matchedBy } : null,
    });
  }
  return out;
}
