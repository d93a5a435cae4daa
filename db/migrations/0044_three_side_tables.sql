-- The search's six side tables become three (db/search/01-tables.sql). director_text held the same
-- directors as director_search with fewer columns: the global search reads director_search now.
-- The three tables of count deltas (director_status_counts, client_status_counts,
-- director_reference_grams) become one, search_counts, in which the fragment '' counts every
-- director. The counts are carried over here; the triggers and functions that wrote or checked the
-- old tables are dropped, before db/search/ is applied.
CREATE TABLE IF NOT EXISTS "search_counts" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "subject" text NOT NULL CHECK ("subject" IN ('director', 'client')),
  "gram" text NOT NULL CHECK (length("gram") <= 3 AND ("subject" = 'director' OR "gram" = '')),
  "scope" text NOT NULL CHECK ("scope" IN ('live', 'all')),
  "status" text NOT NULL,
  "delta" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "search_counts" ("subject", "gram", "scope", "status", "delta")
SELECT 'director', '', "scope", "status"::text, sum("delta") FROM "director_status_counts" GROUP BY 3, 4 HAVING sum("delta") <> 0
UNION ALL
SELECT 'director', "gram", "scope", "status"::text, sum("delta") FROM "director_reference_grams" GROUP BY 2, 3, 4 HAVING sum("delta") <> 0
UNION ALL
SELECT 'client', '', "scope", "status"::text, sum("delta") FROM "client_status_counts" GROUP BY 3, 4 HAVING sum("delta") <> 0;--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_status_counts_insert" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_status_counts_update" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_status_counts_delete" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_status_counts_insert" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_status_counts_update" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_status_counts_delete" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_status_counts_clients" ON "clients";--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_status_counts_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_status_counts_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_status_counts_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_clients"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_per_client_check"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_check"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_status_counts_check"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_reference_grams_check"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_text_check"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_status_counts_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_status_counts_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_reference_grams_rebuild"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_text_rebuild"();--> statement-breakpoint
DROP TABLE IF EXISTS "director_text";--> statement-breakpoint
DROP TABLE IF EXISTS "director_status_counts";--> statement-breakpoint
DROP TABLE IF EXISTS "client_status_counts";--> statement-breakpoint
DROP TABLE IF EXISTS "director_reference_grams";
