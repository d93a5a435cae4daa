-- director_search's client index also carries the reference, the status and the deletion flags, so
-- that a client's directors are probed for a reference fragment from the index alone (the client
-- view filtered on a short fragment that matches many directors probes every client: 10,000 probes
-- at 100,000 directors). It replaces the plain client_id index, serving the same lookups.
CREATE INDEX "director_search_client_reference_idx" ON "director_search" ("client_id", "reference") INCLUDE ("status", "is_deleted", "client_deleted");
--> statement-breakpoint
DROP INDEX "director_search_client_id_idx";
