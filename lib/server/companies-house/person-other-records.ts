import "server-only";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, directors, registerChecks, type Director, type DirectorStatus } from "@/db/schema";
import { fullNamesMatch, type BirthMonth } from "@/lib/domain/register-match";

/** One person as the search for their other records knows them. */
export interface PersonKey {
  directorId: number;
  clientId: number;
  /** The register's officer id of their record (the same in every company), when known. */
  officerId: string | null;
  /** The verified name (else the name they were put forward under) and month and year of birth. */
  name: string | null;
  birth: BirthMonth | null;
}

/** Another record of the same person: an individual of another client. */
export interface OtherRecord {
  directorId: number;
  clientId: number;
  clientName: string;
  status: DirectorStatus;
  /** When an identity check of theirs passed here (null: not yet). */
  verifiedAt: Date | null;
  /** How they were recognised: the register's officer id, or the verified name and date of birth. */
  matchedBy: "officerId" | "nameAndBirth";
}

/**
 * The person key of records: the officer id of the record; the name and date of birth of its
 * latest register check's verified side, else its own name and the register's month and year of
 * birth (picked on the request form).
 */
export async function personKeysOf(db: DbOrTx, records: readonly Pick<Director, "id" | "clientId" | "name" | "registerOfficerId" | "registerBirthMonth" | "registerBirthYear">[]): Promise<PersonKey[]> {
  if (!records.length) return [];
  const ids = records.map((r) => r.id);
  const latest = await db
    .selectDistinctOn([registerChecks.directorId], {
      directorId: registerChecks.directorId,
      name: registerChecks.verifiedName,
      month: registerChecks.verifiedBirthMonth,
      year: registerChecks.verifiedBirthYear,
    })
    .from(registerChecks)
    .where(inArray(registerChecks.directorId, ids))
    .orderBy(registerChecks.directorId, desc(registerChecks.checkedAt), desc(registerChecks.id));
  const verified = new Map(latest.map((l) => [l.directorId, l]));
  return records.map((r) => {
    const v = verified.get(r.id);
    const month = v?.month ?? r.registerBirthMonth;
    const year = v?.year ?? r.registerBirthYear;
    return { directorId: r.id, clientId: r.clientId, officerId: r.registerOfficerId, name: v?.name ?? r.name, birth: month && year ? { month, year } : null };
  });
}

/**
 * Each person's records at other clients (neither deleted), issue 20 item 5: a person is
 * recognised by the register's officer id where both records know one, else by the verified name
 * (lib/domain/register-match.ts fullNamesMatch: accents, case and a missing middle name aside) and
 * month and year of birth. Two records with different officer ids are different people, whatever
 * their names. Two queries whatever the number of people: one by officer id, one by month of birth
 * (register_checks_verified_birth_idx). Newest verification first.
 */
export async function findOtherRecords(db: DbOrTx, people: readonly PersonKey[]): Promise<Map<number, OtherRecord[]>> {
  const out = new Map<number, OtherRecord[]>(people.map((p) => [p.directorId, []]));
  if (!people.length) return out;
  const base = {
    directorId: directors.id,
    clientId: directors.clientId,
    clientName: clients.name,
    status: directors.status,
    verifiedAt: directors.checkPassedAt,
    officerId: directors.registerOfficerId,
  };
  const live = and(eq(directors.isDeleted, false), eq(clients.isDeleted, false));

  const officerIds = [...new Set(people.map((p) => p.officerId).filter((id): id is string => Boolean(id)))];
  const byOfficer = officerIds.length
    ? await db.select(base).from(directors).innerJoin(clients, eq(clients.id, directors.clientId)).where(and(live, inArray(directors.registerOfficerId, officerIds)))
    : [];

  const births = [...new Map(people.filter((p) => p.birth && p.name).map((p) => [`${p.birth!.year}-${p.birth!.month}`, p.birth!])).values()];
  const byBirth = births.length
    ? await db
        .selectDistinctOn([registerChecks.directorId], { ...base, verifiedName: registerChecks.verifiedName, month: registerChecks.verifiedBirthMonth, year: registerChecks.verifiedBirthYear })
        .from(registerChecks)
        .innerJoin(directors, eq(directors.id, registerChecks.directorId))
        .innerJoin(clients, eq(clients.id, directors.clientId))
        .where(and(live, or(...births.map((b) => and(eq(registerChecks.verifiedBirthYear, b.year), eq(registerChecks.verifiedBirthMonth, b.month))))))
        .orderBy(registerChecks.directorId, desc(registerChecks.checkedAt), desc(registerChecks.id))
    : [];

  for (const p of people) {
    const found = new Map<number, OtherRecord>();
    const record = (r: (typeof byOfficer)[number], matchedBy: OtherRecord["matchedBy"]) =>
      found.set(r.directorId, { directorId: r.directorId, clientId: r.clientId, clientName: r.clientName, status: r.status, verifiedAt: r.verifiedAt, matchedBy });
    for (const r of byOfficer) if (p.officerId && r.officerId === p.officerId && r.clientId !== p.clientId) record(r, "officerId");
    for (const r of byBirth) {
      if (r.clientId === p.clientId || found.has(r.directorId) || !p.birth || !p.name || !r.verifiedName) continue;
      if (p.officerId && r.officerId && p.officerId !== r.officerId) continue;
      if (r.year === p.birth.year && r.month === p.birth.month && fullNamesMatch(p.name, r.verifiedName)) record(r, "nameAndBirth");
    }
    out.set(
      p.directorId,
      [...found.values()].sort((a, b) => (b.verifiedAt?.getTime() ?? 0) - (a.verifiedAt?.getTime() ?? 0) || a.directorId - b.directorId),
    );
  }
  return out;
}
