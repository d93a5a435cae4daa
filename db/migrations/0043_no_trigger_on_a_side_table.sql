-- The triggers on director_search (0017, 0019, 0025) kept director_text and
-- director_reference_grams from it, so one write to directors cascaded two levels. The triggers on
-- directors and clients now write those two tables themselves (db/search/03-on-directors.sql,
-- 04-on-clients.sql); what they replace is dropped here, before db/search/ is applied.
DROP TRIGGER IF EXISTS "director_text_insert" ON "director_search";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_text_update" ON "director_search";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_text_delete" ON "director_search";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_reference_grams_insert" ON "director_search";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_reference_grams_update" ON "director_search";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_reference_grams_delete" ON "director_search";--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_text_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_text_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_text_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_reference_grams_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_reference_grams_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_reference_grams_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_reference_grams_apply"(jsonb);
