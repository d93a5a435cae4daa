-- An individual's entry on the Companies House register: picked on the request form from the
-- company's officers and PSCs, used for their statutory verify-by date, the register check after
-- their identity check, and to recognise one person across companies (by the officer id).
ALTER TABLE "directors" ADD COLUMN "register_officer_id" text;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "register_role" text;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "register_appointed_on" date;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "register_birth_month" integer;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "register_birth_year" integer;--> statement-breakpoint
CREATE INDEX "directors_register_officer_id_idx" ON "directors" USING btree ("register_officer_id") WHERE "directors"."register_officer_id" is not null;
