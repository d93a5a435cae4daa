-- The admin search's read model (lib/server/clients/search-clients.ts), read top to bottom:
--
--   01-tables.sql             what is kept: three side tables and their indexes
--   02-derived.sql            what is derived from a director or a client, in one place
--   03-on-directors.sql       what a write to directors keeps in step
--   04-on-clients.sql         what a write to clients keeps in step
--   05-checks.sql             each check lists what differs from a count of the tables (nothing,
--                             unless triggers were off); the nightly job `search.check` runs them
--   06-rebuild.sql            each rebuild writes its table again from directors and clients
--                             (`npm run search:rebuild`)
--
-- Every migrate applies these files after the migrations (db/search/apply.mjs), in one transaction,
-- when they differ from what the database last applied: every statement is idempotent (IF NOT
-- EXISTS, CREATE OR REPLACE). A function or trigger is changed here, not in a migration; a
-- migration only creates or drops what data lives in (a table, a column) or drops what these files
-- no longer define. The typed declaration of these tables is db/search/tables.ts (the search and
-- the jobs use it; tests/integration/schema.test.ts holds it to the database).
--
-- Everything is kept by statement triggers on directors and clients, in the same transaction as the
-- change it follows, so a search never sees a copy behind its source. No side table has a trigger:
-- a write to directors or clients is one level of triggers, each writing the side tables itself.
-- clients.director_count (db/schema/clients.ts) is kept by the same triggers as the per-client
-- counts.

-- director_search: one row per director with only what the search matches, counts and sorts on
-- (about a third of a directors row), and its client's status and deletion. A text search reads
-- its matches here: the trigram index on the stored lower-cased text finds the candidates, and
-- checking and counting them touches narrow rows instead of the wide directors table. Texts are
-- compared lower-cased with LIKE, which is what ILIKE does. Its rebuild writes it in the order of
-- the directors' names, surname first (director_name_order, 02-derived.sql), so that the many
-- matches of a surname or a first name lie on neighbouring pages; a tenth of each page is left
-- free (fillfactor), so that a change to a row (a status, a client's status) keeps it on its page.
-- Directors added since the last rebuild are written where there is room, out of that order: the
-- nightly check says how many (director_search_order_check, 05-checks.sql).
-- The text is the name, the email and the reference, but for an email whose domain is the client's
-- main contact's (shares_client_domain, 02-derived.sql), only its part up to the @: a global
-- search for a word of that domain matches the client's own text, which counts every one of its
-- directors, and the director's copy made the search read and drop them all (what it cost:
-- docs/speed.md "The client's email domain out of a director's text (migration 0048)"). The
-- search matches the rest of such an email on the client (lib/server/clients/search/sql-parts.ts
-- rowOwnMatch, conditions.ts).
CREATE TABLE IF NOT EXISTS "director_search" (
  "director_id" integer PRIMARY KEY,
  "client_id" integer NOT NULL,
  "status" director_status NOT NULL,
  "is_deleted" boolean NOT NULL,
  "client_deleted" boolean NOT NULL,
  "name" text NOT NULL,
  "email" text NOT NULL,
  "reference" text NOT NULL,
  "price_override" integer,
  "idv_number" text,
  "client_status" client_status NOT NULL,
  "shares_client_domain" boolean NOT NULL DEFAULT false,
  "search_text" text GENERATED ALWAYS AS (lower("name" || E'\x01' || CASE WHEN "shares_client_domain" THEN substr("email", 1, position('@' IN "email")) ELSE "email" END || E'\x01' || "reference")) STORED,
  -- The domain search_text leaves out, lower-cased with its @ (a shared domain has exactly one @
  -- before it: email_domain, 02-derived.sql), for the individual filter (name or email).
  "shared_domain" text GENERATED ALWAYS AS (CASE WHEN "shares_client_domain" THEN lower(substr("email", position('@' IN "email"))) END) STORED
) WITH (fillfactor = 90);
ALTER TABLE "director_search" SET (fillfactor = 90);
-- A client's directors probed for a reference fragment from the index alone.
CREATE INDEX IF NOT EXISTS "director_search_client_reference_idx" ON "director_search" ("client_id", "reference") INCLUDE ("status", "is_deleted", "client_deleted");
CREATE INDEX IF NOT EXISTS "director_search_text_trgm_idx" ON "director_search" USING gin ("search_text" gin_trgm_ops);
-- The email domains search_text leaves out, for the individual filter (name or email), which
-- matches them on the director itself (lib/server/clients/search/sql-parts.ts rowSharedDomainContains).
CREATE INDEX IF NOT EXISTS "director_search_shared_domain_trgm_idx" ON "director_search" USING gin ("shared_domain" gin_trgm_ops) WHERE "shared_domain" IS NOT NULL;
-- A page of individuals sorted by a director's column, read from the index alone however deep it
-- is; the client is carried so that a global search tests its matching clients from the index too.
CREATE INDEX IF NOT EXISTS "director_search_name_idx" ON "director_search" ("name", "director_id") INCLUDE ("status", "is_deleted", "client_deleted", "client_id");
CREATE INDEX IF NOT EXISTS "director_search_email_idx" ON "director_search" ("email", "director_id") INCLUDE ("status", "is_deleted", "client_deleted", "client_id");
CREATE INDEX IF NOT EXISTS "director_search_reference_idx" ON "director_search" ("reference", "director_id") INCLUDE ("status", "is_deleted", "client_deleted", "client_id");
CREATE INDEX IF NOT EXISTS "director_search_status_idx" ON "director_search" ("status", "director_id") INCLUDE ("is_deleted", "client_deleted", "client_id");

-- client_search: one row per client with the columns the client filters test (same names as in
-- clients; fixed-width ones first, which a scan reaches without stepping over text), the client's
-- directors per status in the order of the director_status enum (live: not deleted; alld: all),
-- its directors' references lower-cased and joined with \x01 (live_refs, deleted_refs), which
-- no search term can hold, the five columns a global search tests, joined the same way
-- (search_text), and, for the individual filter (name or email), the main contact's email domain
-- as director_search's shared_domain holds it (main_contact_domain: email_domain, 02-derived.sql)
-- with the client's directors of that domain per status (shared_live, shared_alld). A fragment of
-- a company word matches the domain of whole clients, tens of thousands of them at a million
-- directors, and the filter counts their directors of that domain by summing these instead of
-- reading each one (docs/speed.md "A client's directors of its own domain, counted").
CREATE TABLE IF NOT EXISTS "client_search" (
  "id" integer NOT NULL,
  "is_deleted" boolean NOT NULL,
  "in_kantata" boolean NOT NULL,
  "status" client_status NOT NULL,
  "product_tier" product_tier NOT NULL,
  "created_at" timestamptz NOT NULL,
  "updated_at" timestamptz NOT NULL,
  "live" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}',
  "alld" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}',
  "unit_price" integer,
  "full_price" integer,
  "name" text NOT NULL,
  "sage_id" text,
  "reference" text NOT NULL,
  "company_id" text,
  "main_contact_email" text NOT NULL,
  "main_contact_first_name" text,
  "main_contact_last_name" text,
  "owner" text,
  "kantata_reference" text,
  "live_refs" text NOT NULL DEFAULT '',
  "deleted_refs" text NOT NULL DEFAULT '',
  "search_text" text GENERATED ALWAYS AS (lower("name" || E'\x01' || "reference" || E'\x01' || "main_contact_email" || E'\x01' || coalesce("sage_id", '') || E'\x01' || coalesce("company_id", ''))) STORED,
  "shared_live" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}',
  "shared_alld" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}',
  "main_contact_domain" text GENERATED ALWAYS AS (CASE WHEN "main_contact_email" LIKE '%@%' AND "main_contact_email" NOT LIKE '%@%@%' THEN lower(substr("main_contact_email", position('@' IN "main_contact_email"))) END) STORED,
  CONSTRAINT "client_search_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "client_search_id_fkey" FOREIGN KEY ("id") REFERENCES "clients" ("id") ON DELETE CASCADE
) WITH (fillfactor = 80);
-- A global search's match of the client's own text (the five columns it tests, in search_text):
-- one trigram index, read when few match, and a narrow stored text when many do.
CREATE INDEX IF NOT EXISTS "client_search_text_trgm_idx" ON "client_search" USING gin ("search_text" gin_trgm_ops);
-- The individual filter's match of a client's domain (the clients whose directors of that domain
-- it counts from shared_live or shared_alld).
CREATE INDEX IF NOT EXISTS "client_search_main_contact_domain_trgm_idx" ON "client_search" USING gin ("main_contact_domain" gin_trgm_ops);
-- The text filters, written `lower(x) like lower(p)`.
CREATE INDEX IF NOT EXISTS "client_search_name_trgm_idx" ON "client_search" USING gin (lower("name") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "client_search_sage_id_trgm_idx" ON "client_search" USING gin (lower("sage_id") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "client_search_reference_trgm_idx" ON "client_search" USING gin (lower("reference") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "client_search_company_id_trgm_idx" ON "client_search" USING gin (lower("company_id") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "client_search_kantata_reference_trgm_idx" ON "client_search" USING gin (lower("kantata_reference") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "client_search_main_contact_email_trgm_idx" ON "client_search" USING gin (lower("main_contact_email") gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "client_search_main_contact_name_trgm_idx" ON "client_search"
  USING gin (lower(coalesce("main_contact_first_name", '') || ' ' || coalesce("main_contact_last_name", '')) gin_trgm_ops);
-- The owner filter, counted (and its directors summed) from the index alone; owner itself is
-- carried because PostgreSQL 15 needs it to read an expression index alone.
CREATE INDEX IF NOT EXISTS "client_search_owner_idx" ON "client_search" (lower("owner")) INCLUDE ("is_deleted", "status", "live", "alld", "owner");
-- The client view's counts per status under a filter on a fixed-width column, from the index alone.
CREATE INDEX IF NOT EXISTS "client_search_live_status_idx" ON "client_search" ("status") WHERE "is_deleted" = false;
CREATE INDEX IF NOT EXISTS "client_search_live_product_tier_idx" ON "client_search" ("product_tier") INCLUDE ("status") WHERE "is_deleted" = false;
CREATE INDEX IF NOT EXISTS "client_search_live_created_at_idx" ON "client_search" ("created_at") INCLUDE ("status") WHERE "is_deleted" = false;
CREATE INDEX IF NOT EXISTS "client_search_live_updated_at_idx" ON "client_search" ("updated_at") INCLUDE ("status") WHERE "is_deleted" = false;
CREATE INDEX IF NOT EXISTS "client_search_live_unit_price_idx" ON "client_search" ("unit_price") INCLUDE ("status") WHERE "is_deleted" = false;
CREATE INDEX IF NOT EXISTS "client_search_live_full_price_idx" ON "client_search" ("full_price") INCLUDE ("status") WHERE "is_deleted" = false;
CREATE INDEX IF NOT EXISTS "client_search_live_in_kantata_idx" ON "client_search" ("in_kantata") INCLUDE ("status") WHERE "is_deleted" = false;

-- search_counts: the counts of the search without a text condition, exact, summed from a handful
-- of rows instead of counting every director or client. Rows are deltas, never updated in place:
-- each statement that changes what is counted inserts one row per (subject, gram, scope, status) it
-- changed, so concurrent writers never wait on a shared counter row (and cannot deadlock on one).
-- A count is the sum of its deltas; the job `search.fold-counts` folds them into one row per key
-- (one statement: readers see the rows before or after, never between).
-- subject: 'director' (status a director_status) or 'client' (a client_status);
-- gram: '' (every row: the empty fragment is in every reference), or for directors a lower-cased
--   fragment of one to three characters of the reference: the directors whose reference contains
--   it. A short fragment can match nearly every director (every generated reference begins `ZD2`):
--   counting the matches reads every row, summing one fragment's rows here reads a handful;
-- scope: 'live', not deleted (a director: nor its client), what the search shows by default, or
--   'all', every row (the search with deleted rows included).
CREATE TABLE IF NOT EXISTS "search_counts" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "subject" text NOT NULL CHECK ("subject" IN ('director', 'client')),
  "gram" text NOT NULL CHECK (length("gram") <= 3 AND ("subject" = 'director' OR "gram" = '')),
  "scope" text NOT NULL CHECK ("scope" IN ('live', 'all')),
  "status" text NOT NULL,
  "delta" bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS "search_counts_key_idx" ON "search_counts" ("subject", "gram", "scope") INCLUDE ("status", "delta");
