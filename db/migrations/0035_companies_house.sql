-- Companies House (issue 20): the API key's request budget shared by every process, the cache of
-- the register's answers, and each client's register data (status, type, next confirmation
-- statement), filled nightly and by `npm run companies-house:sync`.
CREATE TABLE "companies_house_budget" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies_house_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "companies_house_cache_fetched_at_idx" ON "companies_house_cache" USING btree ("fetched_at");
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_status" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_type" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "confirmation_statement_due" date;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "register_checked_at" timestamp with time zone;
