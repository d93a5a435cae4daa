-- Jobs move to pg-boss (its own "pgboss" schema, installed and upgraded by pg-boss when a process
-- starts its job queue), so the hand-written "jobs" table goes. Its rows are not moved: the portal
-- has not been deployed, so the only databases holding it are developers' and tests', where the
-- in-process worker delivered each job within seconds of it being written; a row still pending
-- there is a demo email or a sign-in link that expired ten minutes after it was asked for.
-- Sign-in links waiting to be emailed now keep their sealed token on their own row (sealed_token).
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
ALTER TABLE "sign_in_tokens" ADD COLUMN "sealed_token" text;--> statement-breakpoint
DROP TYPE "public"."job_status";
