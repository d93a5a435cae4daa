import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { clients, directors, registerChecks, type Director, type NewDirector, type NewRegisterCheck, type RegisterCheck, type RegisterCheckOutcome } from "@/db/schema";
import { normaliseCompanyNumber } from "@/lib/domain/company-number";
import { formatNameElements } from "@/lib/domain/officer-name";
import { chooseRegisterEntry, compareWithRegister, type RegisterCandidate, type RegisterComparison, type VerifiedPerson } from "@/lib/domain/register-match";
import { translator } from "@/lib/i18n/translator";
import { getCompaniesHouse, type CompaniesHouseClient, type Officer, type PersonWithSignificantControl } from "@/lib/integrations/companies-house";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { auditFieldChanges, type FieldChange } from "@/lib/server/clients/audit-field-changes";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { verifiedDetailsOf, type VerifiedDetails } from "./register-check-verified";
import { registerFindingNotice } from "./register-check-words";

/** A register entry the check can compare with: an individual officer, or an individual PSC. */
interface RegisterEntry {
  name: string;
  role: string;
  officerId: string | null;
  appointedOn: string | null;
  active: boolean;
  birthMonth: number | null;
  birthYear: number | null;
}

function officerCandidate(o: Officer): RegisterCandidate<RegisterEntry> {
  return {
    entry: { name: o.displayName, role: o.role, officerId: o.officerId, appointedOn: o.appointedOn, active: o.active, birthMonth: o.dateOfBirth?.month ?? null, birthYear: o.dateOfBirth?.year ?? null },
    person: { name: o.surname ? { forenames: o.forenames, surname: o.surname } : o.displayName, dateOfBirth: o.dateOfBirth },
    active: o.active,
  };
}

function pscCandidate(p: PersonWithSignificantControl): RegisterCandidate<RegisterEntry> {
  const elements = p.nameElements;
  const forenames = [elements?.forename, elements?.middleName].filter((s): s is string => Boolean(s?.trim())).join(" ");
  return {
    entry: {
      name: elements?.surname ? formatNameElements(elements) : p.displayName,
      role: "psc",
      officerId: null,
      appointedOn: p.notifiedOn,
      active: p.active,
      birthMonth: p.dateOfBirth?.month ?? null,
      birthYear: p.dateOfBirth?.year ?? null,
    },
    person: { name: elements?.surname ? { forenames, surname: elements.surname } : p.displayName, dateOfBirth: p.dateOfBirth },
    active: p.active,
  };
}

/** What the register says of this individual: the entry compared with and how it compared, or none. */
export type RegisterFinding = { outcome: "not_on_register"; companyNumber: string | null } | { outcome: "matched" | "mismatch"; companyNumber: string; entry: RegisterEntry; comparison: RegisterComparison };

/**
 * Finds the individual's entry among the company's officers and PSCs and compares it with the
 * verified person: the officer the record is linked to (its register officer id, the same in every
 * company) when that officer is listed, else the entry chosen by name (lib/domain/register-match.ts
 * chooseRegisterEntry: the verified name, then the name the individual was put forward under).
 * Throws the CompaniesHouseError of a register that cannot answer.
 */
export async function findOnRegister(ch: CompaniesHouseClient, director: Pick<Director, "name" | "registerOfficerId">, companyId: string | null, verified: VerifiedDetails): Promise<RegisterFinding> {
  const companyNumber = companyId ? normaliseCompanyNumber(companyId) : null;
  if (!companyNumber || !verified.name) return { outcome: "not_on_register", companyNumber };
  const officers = await ch.listOfficers(companyNumber, { maxAgeSeconds: 0 });
  if (officers === null) return { outcome: "not_on_register", companyNumber };
  const pscs = (await ch.listPscs(companyNumber, { maxAgeSeconds: 0 })) ?? [];
  const person: VerifiedPerson = { name: verified.name, dateOfBirth: verified.dateOfBirth };
  const candidates = [...officers.filter((o) => !o.corporate).map(officerCandidate), ...pscs.filter((p) => !p.corporate).map(pscCandidate)];

  const linked = director.registerOfficerId ? candidates.filter((c) => c.entry.officerId === director.registerOfficerId).sort((a, b) => Number(b.active) - Number(a.active))[0] : undefined;
  if (linked) {
    const comparison = compareWithRegister(person, linked.person);
    return { outcome: comparison.matched ? "matched" : "mismatch", companyNumber, entry: linked.entry, comparison };
  }
  const choice = chooseRegisterEntry(person, candidates, director.name);
  if (!choice.found) return { outcome: "not_on_register", companyNumber };
  return { outcome: choice.comparison.matched ? "matched" : "mismatch", companyNumber, entry: choice.entry, comparison: choice.comparison };
}

export interface RunRegisterCheckInput {
  db: Db;
  directorId: number;
  /** The job's id: one check is recorded per job, however often it runs. */
  jobId: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  now?: Date;
  companiesHouse?: CompaniesHouseClient;
}

/**
 * The register check of one individual whose identity check passed (issue 20 item 4), for the
 * `register.check` job: the verified name and month and year of birth against their entry on the
 * Companies House register for their client's company. The register is asked first, outside any
 * transaction (it may be slow, and its failure, a CompaniesHouseError, is the job's to retry); then
 * one transaction records the check (once per job), audits it, tells the admins of a finding that
 * needs them (a mismatch, or not on the register) with both values, and links a matched record
 * that names no register entry yet to the entry it matched (its officer id recognises the person
 * in other companies). A deleted individual or client is not checked. Answers the check recorded
 * (or recorded before by the same job), or null.
 */
export async function runRegisterCheck({ db, directorId, jobId, attempt, now = new Date(), companiesHouse = getCompaniesHouse({ background: true }) }: RunRegisterCheckInput): Promise<RegisterCheck | null> {
  const [row] = await db
    .select({ director: directors, client: { name: clients.name, companyId: clients.companyId, isDeleted: clients.isDeleted } })
    .from(directors)
    .innerJoin(clients, eq(clients.id, directors.clientId))
    .where(eq(directors.id, directorId));
  if (!row || row.director.isDeleted || row.client.isDeleted) return null;
  const { director, client } = row;
  const verified = await verifiedDetailsOf(db, director);
  const finding = await findOnRegister(companiesHouse, director, client.companyId, verified);
  return db.transaction((tx) => recordRegisterCheck(tx, { director, company: client.name, jobId, attempts: attempt, now, verified, finding }));
}

/** The row of a check: the verified side, and the register side when an entry was found. */
export function registerCheckValues(input: { directorId: number; jobId: string; attempts: number; now: Date; verified: VerifiedDetails; outcome: RegisterCheckOutcome; companyNumber: string | null; finding?: RegisterFinding }): NewRegisterCheck {
  const { finding } = input;
  const found = finding && finding.outcome !== "not_on_register" ? finding : null;
  return {
    directorId: input.directorId,
    jobId: input.jobId,
    companyNumber: input.companyNumber,
    checkedAt: input.now,
    outcome: input.outcome,
    attempts: input.attempts,
    verifiedName: input.verified.name,
    verifiedFrom: input.verified.from,
    verifiedBirthMonth: input.verified.dateOfBirth?.month ?? null,
    verifiedBirthYear: input.verified.dateOfBirth?.year ?? null,
    registerName: found?.entry.name ?? null,
    registerRole: found?.entry.role ?? null,
    registerOfficerId: found?.entry.officerId ?? null,
    registerAppointedOn: found?.entry.appointedOn ?? null,
    registerActive: found?.entry.active ?? null,
    registerBirthMonth: found?.entry.birthMonth ?? null,
    registerBirthYear: found?.entry.birthYear ?? null,
    nameResult: found?.comparison.name ?? null,
    birthResult: found?.comparison.dateOfBirth ?? null,
  };
}

/** The audit entry of a recorded check: what was compared with what, and the outcome. */
export function registerCheckAudit(director: Pick<Director, "id" | "clientId">, check: RegisterCheck) {
  const birth = (m: number | null, y: number | null) => (m && y ? `${y}-${String(m).padStart(2, "0")}` : null);
  return {
    action: `Register check: ${check.outcome.replace(/_/g, " ")}`,
    auditType: check.outcome === "register_unavailable" ? ("DirectorError" as const) : ("DirectorModified" as const),
    entityType: "Director",
    entityId: String(director.id),
    clientId: director.clientId,
    directorId: director.id,
    user: "system",
    newValue: {
      registerCheckId: check.id,
      outcome: check.outcome,
      companyNumber: check.companyNumber,
      attempts: check.attempts,
      verified: { name: check.verifiedName, from: check.verifiedFrom, birth: birth(check.verifiedBirthMonth, check.verifiedBirthYear) },
      register: check.registerName
        ? { name: check.registerName, role: check.registerRole, officerId: check.registerOfficerId, birth: birth(check.registerBirthMonth, check.registerBirthYear), active: check.registerActive }
        : null,
      ...(check.nameResult ? { name: check.nameResult, dateOfBirth: check.birthResult } : {}),
    },
  };
}

async function recordRegisterCheck(
  tx: Tx,
  { director, company, jobId, attempts, now, verified, finding }: { director: Director; company: string; jobId: string; attempts: number; now: Date; verified: VerifiedDetails; finding: RegisterFinding },
): Promise<RegisterCheck> {
  const [check] = await tx
    .insert(registerChecks)
    .values(registerCheckValues({ directorId: director.id, jobId, attempts, now, verified, outcome: finding.outcome, companyNumber: finding.companyNumber, finding }))
    .onConflictDoNothing({ target: registerChecks.jobId })
    .returning();
  // The same job ran again after recording its check (a worker lost after the commit): nothing more.
  if (!check) return (await tx.select().from(registerChecks).where(eq(registerChecks.jobId, jobId)))[0]!;

  await writeAudit(tx, registerCheckAudit(director, check));
  const t = translator();
  const notice = registerFindingNotice(t, check, { name: director.name, company });
  if (notice) await notifyAdmins({ db: tx, message: notice, clientId: director.clientId, directorId: director.id, dedupeKey: `register-check:${jobId}` });

  // A matched record that names no register entry yet is linked to the one it matched.
  if (finding.outcome === "matched" && director.registerOfficerId === null && director.registerRole === null) {
    const link: Partial<NewDirector> = {
      registerOfficerId: finding.entry.officerId,
      registerRole: finding.entry.role,
      registerAppointedOn: finding.entry.appointedOn,
      registerBirthMonth: finding.entry.birthMonth,
      registerBirthYear: finding.entry.birthYear,
    };
    const changes: FieldChange[] = (Object.keys(link) as (keyof typeof link)[]).filter((k) => link[k] !== null && link[k] !== undefined).map((field) => ({ field, from: null, to: link[field], extra: { registerCheckId: check.id } }));
    if (changes.length) {
      await tx.update(directors).set({ ...link, updatedAt: now, updatedBy: "system" }).where(eq(directors.id, director.id));
      await auditFieldChanges(tx, { clientId: director.clientId, directorId: director.id, actor: "system", at: now, changes });
    }
  }
  return check;
}
