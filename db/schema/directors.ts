import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { clientRef } from "./clients";
import { changeTracking, creation, identity, postalAddress, softDelete, timestamptz } from "./columns";
import type { EvidenceKind } from "@/lib/domain/values";
import { directorStatus, fileType } from "./enums";

/**
 * A name the director was known by, and when (dates `YYYY-MM-DD`). A director gives at least the
 * date the name stopped being used; names recorded by staff or before dates were asked may have none.
 */
export interface FormerName {
  name: string;
  from: string | null;
  to: string | null;
}

/** A column naming the director a row belongs to: deleted with them (ON DELETE CASCADE). */
export const directorRef = () =>
  integer()
    .notNull()
    .references(() => directors.id, { onDelete: "cascade" });

/**
 * An individual (director) to be verified (docs/domain.md "Director").
 *
 * Status: `status` is the effective status that every screen, filter and count uses. When an admin
 * overrides it (reason of more than 10 characters), `statusOverride` holds the admin's choice and
 * `statusOriginal` keeps the status the workflow had computed; `status` then equals `statusOverride`.
 *
 * Fields of the specification that are relations or joins, not columns:
 * `clientName`, `clientSageId`, `clientProductTier` (through `client`), `directorChecks`,
 * `directorMedias`, `directorAddresses` (relations), `directorNameFiles` and `directorAddressFiles`
 * (the `directorFiles` relation filtered by fileType Name / Address).
 *
 * Email is not globally unique (one person may direct several companies), but unique per client
 * among directors that are not deleted.
 */
export const directors = pgTable(
  "directors",
  {
    id: identity(),
    clientId: clientRef(),
    name: text().notNull(),
    firstName: text(),
    lastName: text(),
    email: text().notNull(),
    /** Random, unambiguous sign-in reference (lib/references.ts). */
    reference: text().notNull(),
    currentAddressStartDate: date({ mode: "string" }),
    ...postalAddress(),
    /** Identity-check provider (Yoti IDV) session. */
    sessionID: text(),
    sessionToken: text(),
    sessionUrl: text(),
    sessionExpiry: timestamptz(),
    ...changeTracking(),
    /** Date on which the verification was reported to Companies House. */
    dateToCompaniesHouse: date({ mode: "string" }),
    statusOverride: directorStatus(),
    statusOverrideReason: text(),
    statusOriginal: directorStatus(),
    status: directorStatus().notNull().default("AwaitingIDInfo"),
    /** The former names alone (lists, search, exports); `formerNameHistory` adds their dates. */
    formerNames: jsonb().$type<string[]>().notNull().default([]),
    /**
     * Former names with the dates each was used, as the director gives them. Written together with
     * `formerNames` (the same names, in the same order).
     */
    formerNameHistory: jsonb().$type<FormerName[]>().notNull().default([]),
    idvNumber: text(),
    /**
     * The 11-character Companies House personal code the director enters after verification,
     * ENCRYPTED (lib/crypto/personal-code.ts): read it with readPersonalCode, never directly.
     */
    companiesHouseCode: text(),
    companiesHouseCodeReceivedAt: timestamptz(),
    reminderCount: integer().notNull().default(0),
    lastReminderDate: timestamptz(),
    idvReminderCount: integer().notNull().default(0),
    lastIDVReminderDate: timestamptz(),
    yotiLinkClicked: boolean().notNull().default(false),
    /**
     * Identity checks that ended in a REJECT. Each failure lets the director try again with a new
     * session; the third makes the director Rejected.
     */
    idvFailedAttempts: integer().notNull().default(0),
    /** When the identity check completed; evidence is kept 7 years from this (docs/domain.md). */
    verificationCompletedAt: timestamptz(),
    /** When the invitation went: an individual of an unpaid request or batch is not invited (lib/domain/director-lifecycle.ts). */
    invitedAt: timestamptz(),
    /** The kinds of evidence a review asked for and not yet uploaded. */
    evidenceOutstanding: jsonb().$type<EvidenceKind[]>().notNull().default([]),
    /** When an identity check of theirs passed (at the provider, or by a review's approval). */
    checkPassedAt: timestamptz(),
    /**
     * A contact's change of this individual's email after they have signed in, waiting for their
     * confirmation at the current address: the new address, its token's hash, when it was asked.
     */
    pendingEmail: text(),
    pendingEmailTokenHash: text(),
    pendingEmailRequestedAt: timestamptz(),
    /**
     * The individual's entry on the Companies House register for their company, when the request
     * picked them from it (or a register check matched them): the register's officer id (from
     * `links.officer.appointments`, the same across all their companies; null for a PSC, whose
     * register entry carries none), their role ("director", "llp-member", "psc", ...), when they were
     * appointed (an officer) or notified (a PSC), and the month and year of birth the register shows.
     */
    registerOfficerId: text(),
    registerRole: text(),
    registerAppointedOn: date({ mode: "string" }),
    registerBirthMonth: integer(),
    registerBirthYear: integer(),
    /**
     * The deadline reminders (lib/server/reminders/claim-reminders.ts): the verify-by date the last
     * one was for, and its step (days before that date, VERIFY_BY_REMINDER_DAYS).
     */
    verifyByRemindedFor: date({ mode: "string" }),
    verifyByReminderDays: integer(),
    /** The language this individual chose (`en-GB` or `cy`) when they switched language signed in; else their company's. */
    locale: text(),
    /** When the retention job deleted the evidence of this director's check. */
    evidenceDeletedAt: timestamptz(),
    ...softDelete(),
    /** Price in pence for this director, overriding the client's unit price. */
    priceOverride: integer(),
    priceOverrideReason: text(),
  },
  (t) => [
    check("directors_locale_check", sql`${t.locale} IN ('en-GB', 'cy')`),
    // One person across companies: their other appointments are found by the register's officer id.
    index("directors_register_officer_id_idx").on(t.registerOfficerId).where(sql`${t.registerOfficerId} is not null`),
    uniqueIndex("directors_reference_key").on(t.reference),
    uniqueIndex("directors_client_id_email_key")
      .on(t.clientId, sql`lower(${t.email})`)
      .where(sql`${t.isDeleted} = false`),
    index("directors_client_id_idx").on(t.clientId),
    index("directors_status_idx").on(t.status),
    // Individual-view status counts over live directors (admin search, docs/speed.md).
    index("directors_live_status_client_id_idx").on(t.status, t.clientId).where(sql`${t.isDeleted} = false`),
    // Individual view sorted by the individual's name or email: the page is read in index order
    // (forwards or backwards) instead of sorting every live director.
    index("directors_live_name_id_idx").on(t.name, t.id).where(sql`${t.isDeleted} = false`),
    index("directors_live_email_id_idx").on(t.email, t.id).where(sql`${t.isDeleted} = false`),
    // And by the individual's other columns: non-null ones both ways on one index, nullable ones on
    // one index per direction (empty values last either way, as the search orders them).
    index("directors_live_reference_id_idx").on(t.reference, t.id).where(sql`${t.isDeleted} = false`),
    index("directors_live_status_id_idx").on(t.status, t.id).where(sql`${t.isDeleted} = false`),
    index("directors_live_idv_number_id_idx").on(t.idvNumber.asc().nullsLast(), t.id).where(sql`${t.isDeleted} = false`),
    index("directors_live_idv_number_desc_id_idx").on(t.idvNumber.desc().nullsLast(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = false`),
    index("directors_live_price_override_id_idx").on(t.priceOverride.asc().nullsLast(), t.id).where(sql`${t.isDeleted} = false`),
    index("directors_live_price_override_desc_id_idx").on(t.priceOverride.desc().nullsLast(), t.id.desc().nullsFirst()).where(sql`${t.isDeleted} = false`),
    // Individual view sorted by a client column: each client's live directors (of a status tab) read
    // from the index alone, in id order.
    index("directors_live_client_id_status_id_idx").on(t.clientId, t.status, t.id).where(sql`${t.isDeleted} = false`),
    index("directors_email_lower_idx").on(sql`lower(${t.email})`),
    index("directors_session_id_idx").on(t.sessionID),
    uniqueIndex("directors_pending_email_token_hash_key").on(t.pendingEmailTokenHash).where(sql`${t.pendingEmailTokenHash} is not null`),
    // Text matches of the admin search are read from director_search (migration 0017), which has
    // its own trigram index: the directors table keeps none (migration 0020 dropped four, each
    // written on every insert).
  ],
);

/** A check performed by the identity-check provider within a session (evidence, docs/domain.md). */
export const directorChecks = pgTable(
  "director_checks",
  {
    id: identity(),
    directorId: directorRef(),
    yotiCheckId: text().notNull(),
    /** The provider session the check belongs to: a director who retries has checks of several. */
    yotiSessionId: text(),
    type: text(),
    state: text(),
    recommendation: text(),
    /** The provider's reason for the recommendation, when it gives one (e.g. for REJECT). */
    reason: text(),
    created: timestamptz(),
    lastUpdated: timestamptz(),
  },
  (t) => [uniqueIndex("director_checks_director_id_yoti_check_id_key").on(t.directorId, t.yotiCheckId)],
);

/** A media item (document image, JSON result) of the provider session (evidence, docs/domain.md). */
export const directorMedia = pgTable(
  "director_media",
  {
    id: identity(),
    directorId: directorRef(),
    yotiMediaId: text().notNull(),
    /** The provider session the media belongs to; needed to fetch it from the provider again. */
    yotiSessionId: text(),
    /** Where in the session it came from, e.g. `id_document.page`, `id_document.fields`, `liveness.frame`. */
    source: text(),
    type: text(),
    path: text(),
    jsonContent: jsonb(),
    created: timestamptz(),
    lastUpdated: timestamptz(),
  },
  (t) => [uniqueIndex("director_media_director_id_yoti_media_id_key").on(t.directorId, t.yotiMediaId)],
);

/** One entry of a director's address history (12 months required, docs/domain.md). */
export const directorAddresses = pgTable(
  "director_addresses",
  {
    id: identity(),
    directorId: directorRef(),
    ...postalAddress(),
    startDate: date({ mode: "string" }),
    /** Null for an address that is still current. */
    endDate: date({ mode: "string" }),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("director_addresses_director_id_idx").on(t.directorId)],
);

/**
 * An uploaded evidence file (name change, address proof) or a provider document.
 * The bytes live in file storage under `storageKey` (a server-chosen name); the hash proves integrity.
 */
export const directorFiles = pgTable(
  "director_files",
  {
    id: identity(),
    directorId: directorRef(),
    /** The name the uploader gave the file (display only, never used as a path). */
    fileName: text().notNull(),
    fileType: fileType().notNull(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    /** Lower-case hex SHA-256 of the stored bytes. */
    sha256: varchar({ length: 64 }).notNull(),
    ...creation(),
    /**
     * When the director "deleted" the upload after a review could have seen it: hidden from them
     * but kept (row and bytes) for the retention period, shown to staff as withdrawn by the director.
     */
    hiddenAt: timestamptz(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex("director_files_storage_key_key").on(t.storageKey),
    index("director_files_director_id_idx").on(t.directorId, t.fileType),
  ],
);

export type Director = typeof directors.$inferSelect;
export type NewDirector = typeof directors.$inferInsert;
export type DirectorCheck = typeof directorChecks.$inferSelect;
export type NewDirectorCheck = typeof directorChecks.$inferInsert;
export type DirectorMedia = typeof directorMedia.$inferSelect;
export type NewDirectorMedia = typeof directorMedia.$inferInsert;
export type DirectorAddress = typeof directorAddresses.$inferSelect;
export type NewDirectorAddress = typeof directorAddresses.$inferInsert;
export type DirectorFile = typeof directorFiles.$inferSelect;
export type NewDirectorFile = typeof directorFiles.$inferInsert;
