DROP INDEX "directors_name_trgm_idx";--> statement-breakpoint
DROP INDEX "directors_email_trgm_idx";--> statement-breakpoint
DROP INDEX "directors_reference_trgm_idx";--> statement-breakpoint
DROP INDEX "directors_search_text_trgm_idx";