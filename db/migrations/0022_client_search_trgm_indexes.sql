-- Trigram indexes on client_search for the client filters that match text (name, sage id,
-- reference, company id, Kantata reference, main contact: email, or first and last name as the
-- search writes them). The individual view filtered on one of them sums the matching clients'
-- per-status director counts from client_search: with these, a bitmap scan of the matching rows
-- instead of a scan of all of them (at 100,000 clients, 5,000 pages and about 70 ms when they are
-- not in shared buffers). Clients change rarely, so the cost of writing is small.
CREATE INDEX "client_search_name_trgm_idx" ON "client_search" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "client_search_sage_id_trgm_idx" ON "client_search" USING gin ("sage_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "client_search_reference_trgm_idx" ON "client_search" USING gin ("reference" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "client_search_company_id_trgm_idx" ON "client_search" USING gin ("company_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "client_search_kantata_reference_trgm_idx" ON "client_search" USING gin ("kantata_reference" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "client_search_main_contact_email_trgm_idx" ON "client_search" USING gin ("main_contact_email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "client_search_main_contact_name_trgm_idx" ON "client_search"
  USING gin ((coalesce("main_contact_first_name", '') || ' ' || coalesce("main_contact_last_name", '')) gin_trgm_ops);
