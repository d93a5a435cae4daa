import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { creation, identity, timestamptz } from "./columns";
import { directorRef } from "./directors";

/** What a register check found (lib/server/companies-house/register-check-run.ts). */
export const registerCheckOutcomeValues = ["matched", "mismatch", "not_on_register", "register_unavailable"] as const;
export type RegisterCheckOutcome = (typeof registerCheckOutcomeValues)[number];

/**
 * One check of an individual against the Companies House register after their identity check passed
 * (issue 20 item 4): the name and month and year of birth the check read from their document
 * (`verified…`; `verifiedFrom` "details" when the document gave no name and their own was used),
 * the register entry compared with (`register…`: an officer, or a person with significant control
 * with role "psc") and what came of it. The latest row of a director is their current finding; a
 * mismatch (or an individual not on the register) stays open until staff record how it was resolved
 * (`resolved…`, audited). Written by the `register.check` job, once per job (`jobId`), so a job run
 * twice records one check.
 */
export const registerChecks = pgTable(
  "register_checks",
  {
    id: identity(),
    directorId: directorRef(),
    /** The job that made the check (pg-boss's id, stable across its retries). */
    jobId: uuid().notNull(),
    /** The client's company number as the register writes it; null when the client has none. */
    companyNumber: text(),
    checkedAt: timestamptz().notNull(),
    outcome: text().$type<RegisterCheckOutcome>().notNull(),
    /** Attempts the job made before this result (the register may be unavailable for a while). */
    attempts: integer().notNull().default(1),
    verifiedName: text(),
    /** "document": read by the identity check; "details": the individual's own name (the document gave none). */
    verifiedFrom: text(),
    verifiedBirthMonth: integer(),
    verifiedBirthYear: integer(),
    /** The register's entry compared with, in people's form ("James Edward Whitaker"). */
    registerName: text(),
    /** "director", "secretary", "llp-member", ... or "psc". */
    registerRole: text(),
    /** The register's officer id (officers only). */
    registerOfficerId: text(),
    /** Appointed (an officer) or notified (a PSC). */
    registerAppointedOn: date({ mode: "string" }),
    /** Still serving (not resigned or ceased). */
    registerActive: boolean(),
    registerBirthMonth: integer(),
    registerBirthYear: integer(),
    /** "match" or "mismatch" (null: nothing compared). */
    nameResult: text(),
    /** "match", "mismatch" or "unknown" (a side without a date of birth). */
    birthResult: text(),
    resolvedAt: timestamptz(),
    resolvedBy: text(),
    resolutionReason: text(),
  },
  (t) => [
    check("register_checks_outcome_check", sql`${t.outcome} IN ('matched', 'mismatch', 'not_on_register', 'register_unavailable')`),
    uniqueIndex("register_checks_job_id_key").on(t.jobId),
    index("register_checks_director_id_checked_at_idx").on(t.directorId, t.checkedAt.desc()),
    // One person across records by verified name and date of birth: the candidates born that month.
    index("register_checks_verified_birth_idx").on(t.verifiedBirthYear, t.verifiedBirthMonth).where(sql`${t.verifiedBirthYear} is not null`),
  ],
);

/**
 * A record verified through another record of the same person (issue 20 item 5): the individual
 * already held a personal code from a completed verification here (`linkedDirectorId`), confirmed it
 * was them and re-entered the code instead of a second identity check. One per record; audited.
 */
export const personLinks = pgTable(
  "person_links",
  {
    id: identity(),
    directorId: directorRef(),
    linkedDirectorId: directorRef(),
    /** How the two were recognised as one person: "officerId" or "nameAndBirth". */
    matchedBy: text().notNull(),
    ...creation(),
  },
  (t) => [uniqueIndex("person_links_director_id_key").on(t.directorId), index("person_links_linked_director_id_idx").on(t.linkedDirectorId)],
);

export type RegisterCheck = typeof registerChecks.$inferSelect;
export type NewRegisterCheck = typeof registerChecks.$inferInsert;
export type PersonLink = typeof personLinks.$inferSelect;
