import { boolean, integer, text, timestamp } from "drizzle-orm/pg-core";

/** A point in time, always stored with its time zone (UTC on the way out). */
export const timestamptz = () => timestamp({ withTimezone: true, mode: "date" });

/** The surrogate key of a table: an integer the database assigns (identity, by default). */
export const identity = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** Where a request came from: the client's address and its User-Agent header. */
export const requestOrigin = () => ({
  ip: text(),
  userAgent: text(),
});

/** createdAt / createdBy: when a row was written and by whom (an email, or "system"). */
export const creation = () => ({
  createdAt: timestamptz().notNull().defaultNow(),
  createdBy: text(),
});

/** createdAt / createdBy / updatedAt / updatedBy. The actor columns hold an email, or "system". */
export const changeTracking = () => ({
  ...creation(),
  updatedAt: timestamptz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  updatedBy: text(),
});

/** Soft delete (docs/domain.md): a record is never removed by the application, only marked, with a reason. */
export const softDelete = () => ({
  isDeleted: boolean().notNull().default(false),
  deleteReason: text(),
  deletedAt: timestamptz(),
  deletedBy: text(),
});

/**
 * A postal address as a director's current and earlier addresses keep it: three lines, city, state,
 * postcode and country (ISO 3166-1 alpha-2, as in lib/countries.ts, e.g. "GB").
 */
export const postalAddress = () => ({
  addressLine1: text(),
  addressLine2: text(),
  addressLine3: text(),
  city: text(),
  state: text(),
  postcode: text(),
  country: text(),
});

/**
 * Whom the portal writes to about a request: a client's main contact, and the existing customer's
 * record it is prefilled from (lwdb_records).
 */
export const mainContact = () => ({
  mainContactEmail: text().notNull(),
  mainContactFirstName: text(),
  mainContactLastName: text(),
  mainContactTelephone: text(),
});

/**
 * Who is billed, where, and whom accounts payable reach: a client's, and the existing customer's
 * record it is prefilled from (lwdb_records). The country is ISO 3166-1 alpha-2, as in
 * lib/countries.ts (e.g. "GB").
 */
export const billingParty = () => ({
  billingEntityName: text(),
  billingAddressLine1: text(),
  billingAddressLine2: text(),
  billingAddressCity: text(),
  billingAddressState: text(),
  billingAddressPostCode: text(),
  billingAddressCountry: text(),
  accountPayableContactFirstName: text(),
  accountPayableContactLastName: text(),
  accountPayableContactEmail: text(),
  accountPayableContactTelephone: text(),
  vatNumber: text(),
});
