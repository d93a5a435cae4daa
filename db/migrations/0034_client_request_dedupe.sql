-- Public requests (issue 18): the request form's idempotency key, so a request sent twice makes one
-- client and gets the first answer again (unique when set; NULLs never collide), and whether the
-- individuals' invitations wait for staff (HOLD_REQUEST_INVITATIONS) until the client is moved to
-- Onboarding.
ALTER TABLE "clients" ADD COLUMN "idempotency_key" uuid;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "invitations_held" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "clients_idempotency_key_key" ON "clients" USING btree ("idempotency_key");
