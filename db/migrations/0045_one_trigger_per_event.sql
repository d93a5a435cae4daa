-- One statement trigger per event on directors and on clients (db/search/03-on-directors.sql,
-- 04-on-clients.sql), each keeping every side table in order, where one trigger per side table and
-- event did: what they replace is dropped here, before db/search/ is applied.
DROP TRIGGER IF EXISTS "director_count_insert" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_count_update" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_count_delete" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_directors_insert" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_directors_update" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_directors_delete" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_search_insert" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_search_update" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_search_delete" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_director_refs_insert" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_director_refs_update" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_director_refs_delete" ON "directors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_search_insert" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "client_search_update" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_clients_insert" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_clients_update" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_clients_delete" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "director_search_clients" ON "clients";--> statement-breakpoint
DROP TRIGGER IF EXISTS "search_counts_clients_directors" ON "clients";--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_count_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_count_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_count_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_directors_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_directors_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_directors_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_search_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_search_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_search_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_director_refs_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_director_refs_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_director_refs_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_search_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_search_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_clients_inserted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_clients_updated"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_clients_deleted"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_search_clients"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_counts_clients_directors"();
