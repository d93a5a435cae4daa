-- Emails are written in their recipient's language, not the language of whoever caused them: the
-- company contact's language is kept on the client, an individual's own choice on the director
-- (NULL: their company's). A request may also give the date its individuals must be verified by.
ALTER TABLE "clients" ADD COLUMN "verify_by" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_locale_check" CHECK ("locale" IN ('en-GB', 'cy'));--> statement-breakpoint
ALTER TABLE "directors" ADD CONSTRAINT "directors_locale_check" CHECK ("locale" IN ('en-GB', 'cy'));
