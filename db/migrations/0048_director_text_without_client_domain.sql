-- A global search for a word of a company's email domain (a company word, as the benchmark found:
-- docs/speed.md "Random terms (issue 22)") matched the client's main contact's email, which counts
-- every director of the client, and also every one of its directors' own emails, which the search
-- then read from director_search's trigram index, rechecked and dropped: 35,000 rows for one word
-- at a million directors. A director whose email has its client's main contact's domain now keeps
-- only the part up to the @ in its search text (db/search/01-tables.sql; the search matches the
-- rest on the client: lib/server/clients/search/sql-parts.ts rowOwnMatch), and the domain in
-- shared_domain, on an index of its own, for the individual filter (name or email).
--
-- The generated column cannot change its expression in place: it is dropped (its trigram index
-- with it) and added again after shares_client_domain is filled in; db/search/01-tables.sql
-- creates the indexes, and the triggers (db/search/03, 04) keep the new column from then on.
ALTER TABLE "director_search" DROP COLUMN IF EXISTS "search_text";
--> statement-breakpoint
ALTER TABLE "director_search" ADD COLUMN IF NOT EXISTS "shares_client_domain" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
UPDATE "director_search" s SET "shares_client_domain" = true
FROM "clients" c
WHERE c.id = s.client_id
  AND s.email LIKE '%@%' AND s.email NOT LIKE '%@%@%'
  AND c.main_contact_email LIKE '%@%' AND c.main_contact_email NOT LIKE '%@%@%'
  AND lower(substr(s.email, position('@' IN s.email))) = lower(substr(c.main_contact_email, position('@' IN c.main_contact_email)));
--> statement-breakpoint
ALTER TABLE "director_search" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || E'\x01' || CASE WHEN "shares_client_domain" THEN substr("email", 1, position('@' IN "email")) ELSE "email" END || E'\x01' || "reference")) STORED;
--> statement-breakpoint
ALTER TABLE "director_search" ADD COLUMN "shared_domain" text GENERATED ALWAYS AS (CASE WHEN "shares_client_domain" THEN lower(substr("email", position('@' IN "email"))) END) STORED;
