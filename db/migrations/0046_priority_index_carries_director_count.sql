-- A deep page of the individual view in the default order finds its clients by a running sum of
-- each client's live directors (lib/server/clients/search/individual-view.ts, "running count of
-- directors"): carried by the default-order index, the sum is read from the index alone.
-- director_count is in an index already (clients_live_director_count_id_idx), so its updates were
-- never HOT ones: carrying it here adds no write of the row.
DROP INDEX IF EXISTS "clients_live_priority_at_id_idx";--> statement-breakpoint
CREATE INDEX "clients_live_priority_at_id_idx" ON "clients" USING btree ("priority_at","id") INCLUDE ("director_count") WHERE "clients"."is_deleted" = false;
