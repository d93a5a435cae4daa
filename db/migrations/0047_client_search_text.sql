-- A global search's matching clients (lib/server/clients/search/conditions.ts
-- searchRowClientMatches) were tested as five `lower(x) like` conditions on client_search, one per
-- column. The planner expected a few hundred of 10,000 clients to match and read every row rather
-- than five trigram indexes, lower-casing five columns of each: most of a company word's search.
-- The five columns are now kept lower-cased and joined with \x01 (which no search term can hold) in
-- one stored column, on one trigram index (db/search/01-tables.sql).
ALTER TABLE "client_search" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("name" || E'\x01' || "reference" || E'\x01' || "main_contact_email" || E'\x01' || coalesce("sage_id", '') || E'\x01' || coalesce("company_id", ''))) STORED;
--> statement-breakpoint
-- The same match was made on clients by an expression index (0014); it is made on client_search
-- now, and the index is no longer read.
DROP INDEX IF EXISTS "clients_search_text_trgm_idx";
