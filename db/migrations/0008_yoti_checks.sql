ALTER TABLE "director_checks" ADD COLUMN "yoti_session_id" text;--> statement-breakpoint
ALTER TABLE "director_checks" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "director_media" ADD COLUMN "yoti_session_id" text;--> statement-breakpoint
ALTER TABLE "director_media" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "idv_failed_attempts" integer DEFAULT 0 NOT NULL;