-- A company contact's change of an individual's email once that individual has signed in waits for
-- the individual's confirmation at their current address (a contact must not be able to route the
-- individual's sign-in to a mailbox of their own): the new address, the hash of the confirmation
-- token and when it was asked for.
ALTER TABLE "directors" ADD COLUMN "pending_email" text;
--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "pending_email_token_hash" text;
--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "pending_email_requested_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "directors_pending_email_token_hash_key" ON "directors" ("pending_email_token_hash") WHERE "pending_email_token_hash" IS NOT NULL;
