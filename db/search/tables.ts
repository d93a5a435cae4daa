import { sql } from "drizzle-orm";
import { bigint, boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { clientStatus, directorStatus, productTier } from "../schema/enums";

/**
 * The admin search's side tables as the code sees them: the typed declaration of what
 * db/search/01-tables.sql makes (read there what each is for and how it is kept). The search and
 * the jobs name their columns through these, so a renamed column fails the type check;
 * tests/integration/schema.test.ts holds them to the migrated database, column by column.
 *
 * Not part of db/schema: the SQL files own these tables (their generated column, storage options
 * and indexes are more than the Drizzle schema says), so drizzle-kit generates no migration for
 * them. Columns are named explicitly, so they read the same with or without the database's
 * snake_case casing.
 */

export const directorSearch = pgTable("director_search", {
  directorId: integer("director_id").primaryKey(),
  clientId: integer("client_id").notNull(),
  status: directorStatus("status").notNull(),
  isDeleted: boolean("is_deleted").notNull(),
  clientDeleted: boolean("client_deleted").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  reference: text("reference").notNull(),
  priceOverride: integer("price_override"),
  idvNumber: text("idv_number"),
  clientStatus: clientStatus("client_status").notNull(),
  /** The email's domain is its client's main contact's: search_text holds the email only up to the @. */
  sharesClientDomain: boolean("shares_client_domain").notNull().default(false),
  /** The name, the email (up to the @ when sharesClientDomain) and the reference, lower-cased and joined with \x01. */
  searchText: text("search_text").generatedAlwaysAs(
    sql`lower(name || E'\\x01' || CASE WHEN shares_client_domain THEN substr(email, 1, position('@' IN email)) ELSE email END || E'\\x01' || reference)`,
  ),
  /** The domain search_text leaves out, lower-cased with its @ (null unless sharesClientDomain). */
  sharedDomain: text("shared_domain").generatedAlwaysAs(sql`CASE WHEN shares_client_domain THEN lower(substr(email, position('@' IN email))) END`),
});

export const clientSearch = pgTable("client_search", {
  id: integer("id").primaryKey(),
  isDeleted: boolean("is_deleted").notNull(),
  inKantata: boolean("in_kantata").notNull(),
  status: clientStatus("status").notNull(),
  productTier: productTier("product_tier").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  /** The client's directors per status, in the order of the director_status enum: not deleted. */
  live: integer("live").array().notNull(),
  /** The same, deleted ones included. */
  alld: integer("alld").array().notNull(),
  unitPrice: integer("unit_price"),
  fullPrice: integer("full_price"),
  name: text("name").notNull(),
  sageId: text("sage_id"),
  reference: text("reference").notNull(),
  companyId: text("company_id"),
  mainContactEmail: text("main_contact_email").notNull(),
  mainContactFirstName: text("main_contact_first_name"),
  mainContactLastName: text("main_contact_last_name"),
  owner: text("owner"),
  kantataReference: text("kantata_reference"),
  /** Its directors' references, lower-cased and joined with \x01: those not deleted. */
  liveRefs: text("live_refs").notNull(),
  /** The same for its deleted directors. */
  deletedRefs: text("deleted_refs").notNull(),
  /** The five columns a global search matches, lower-cased and joined with \x01, on one trigram index. */
  searchText: text("search_text").generatedAlwaysAs(
    sql`lower(name || E'\\x01' || reference || E'\\x01' || main_contact_email || E'\\x01' || coalesce(sage_id, '') || E'\\x01' || coalesce(company_id, ''))`,
  ),
  /** Its directors whose email has the main contact's domain, per status as in `live`: not deleted. */
  sharedLive: integer("shared_live").array().notNull(),
  /** The same, deleted ones included. */
  sharedAlld: integer("shared_alld").array().notNull(),
  /** The main contact's email domain, lower-cased with its @ (null unless the email has exactly one @), as director_search.shared_domain holds it. */
  mainContactDomain: text("main_contact_domain").generatedAlwaysAs(
    sql`CASE WHEN main_contact_email LIKE '%@%' AND main_contact_email NOT LIKE '%@%@%' THEN lower(substr(main_contact_email, position('@' IN main_contact_email))) END`,
  ),
});

/**
 * Delta rows: a count is the sum of its (subject, gram, scope, status) rows. Subject 'director' (status a
 * director status) or 'client' (a client status); gram '' for every row, or for directors a lower-cased
 * fragment of one to three characters of the reference; scope 'live' or 'all'.
 */
export const searchCounts = pgTable("search_counts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  subject: text("subject", { enum: ["director", "client"] }).notNull(),
  gram: text("gram").notNull(),
  scope: text("scope", { enum: ["live", "all"] }).notNull(),
  status: text("status").notNull(),
  delta: bigint("delta", { mode: "number" }).notNull(),
});

/** Every side table, for the schema test and the rebuild. */
export const searchTables = [directorSearch, clientSearch, searchCounts] as const;
