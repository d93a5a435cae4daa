import "server-only";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors, personLinks, type Director } from "@/db/schema";
import { findOtherRecords, personKeysOf, type OtherRecord } from "./person-other-records";

/** A completed verification of the same person here, for another client. */
export interface PriorVerification {
  /** The earlier record (with its sealed personal code). */
  director: Director;
  clientName: string;
  /** When its identity check passed. */
  verifiedAt: Date;
  matchedBy: OtherRecord["matchedBy"];
}

/**
 * The same person's completed verification here, if they have one (issue 20 item 5): among their
 * records at other clients (person-other-records.ts: the register's officer id, else name and
 * month and year of birth), the most recent that is Complete, holds a personal code and still has
 * its evidence (the retention rules have not deleted it), a record verified by a check here before
 * one verified through another record. Null when there is none. The guard
 * `verifiedElsewhere` of the director machine reads it.
 */
export async function findPriorVerification(db: DbOrTx, director: Pick<Director, "id" | "clientId" | "name" | "registerOfficerId" | "registerBirthMonth" | "registerBirthYear">): Promise<PriorVerification | null> {
  const [key] = await personKeysOf(db, [director]);
  const others = (await findOtherRecords(db, [key!])).get(director.id) ?? [];
  const candidates = others.filter((o) => o.status === "Complete" && o.verifiedAt !== null);
  if (!candidates.length) return null;
  const rows = await db
    .select()
    .from(directors)
    .where(and(inArray(directors.id, candidates.map((c) => c.directorId)), eq(directors.status, "Complete"), isNotNull(directors.companiesHouseCode), isNull(directors.evidenceDeletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // The verification itself rather than a record verified through it (the person's code is the
  // same, but staff and the individual know it by the company it was made for); findOtherRecords
  // answers the newest first.
  const linked = new Set(
    rows.length ? (await db.select({ directorId: personLinks.directorId }).from(personLinks).where(inArray(personLinks.directorId, rows.map((r) => r.id)))).map((l) => l.directorId) : [],
  );
  const usable = candidates.filter((c) => byId.has(c.directorId));
  const chosen = usable.find((c) => !linked.has(c.directorId)) ?? usable[0];
  if (!chosen) return null;
  return { director: byId.get(chosen.directorId)!, clientName: chosen.clientName, verifiedAt: chosen.verifiedAt!, matchedBy: chosen.matchedBy };
}
