CREATE INDEX "directors_live_reference_id_idx" ON "directors" USING btree ("reference","id") WHERE "directors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "directors_live_status_id_idx" ON "directors" USING btree ("status","id") WHERE "directors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "directors_live_idv_number_id_idx" ON "directors" USING btree ("idv_number","id") WHERE "directors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "directors_live_idv_number_desc_id_idx" ON "directors" USING btree ("idv_number" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "directors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "directors_live_price_override_id_idx" ON "directors" USING btree ("price_override","id") WHERE "directors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "directors_live_price_override_desc_id_idx" ON "directors" USING btree ("price_override" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "directors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "directors_live_client_id_status_id_idx" ON "directors" USING btree ("client_id","status","id") WHERE "directors"."is_deleted" = false;