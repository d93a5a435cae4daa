-- Indexes on client_search's live rows for the client view's counts under each filter on a
-- fixed-width column (status, tier, dates, prices, Kantata flag), each carrying the status: the
-- counts per status are then read from the index alone (at 100,000 clients, a price range matching
-- two thirds of them: 45-57 ms scanning clients, 8-10 ms from its index). Together about 15 MB at
-- 100,000 clients. The client view counts every filtered search on client_search.
CREATE INDEX "client_search_live_status_idx" ON "client_search" ("status") WHERE "is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "client_search_live_product_tier_idx" ON "client_search" ("product_tier") INCLUDE ("status") WHERE "is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "client_search_live_created_at_idx" ON "client_search" ("created_at") INCLUDE ("status") WHERE "is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "client_search_live_updated_at_idx" ON "client_search" ("updated_at") INCLUDE ("status") WHERE "is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "client_search_live_unit_price_idx" ON "client_search" ("unit_price") INCLUDE ("status") WHERE "is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "client_search_live_full_price_idx" ON "client_search" ("full_price") INCLUDE ("status") WHERE "is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "client_search_live_in_kantata_idx" ON "client_search" ("in_kantata") INCLUDE ("status") WHERE "is_deleted" = false;
