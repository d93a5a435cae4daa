-- The facts the director's status machine guards on (lib/domain/director-lifecycle.ts):
-- invited_at: when the invitation went (an individual of an unpaid request or batch is not invited);
-- evidence_outstanding: the kinds of evidence a review asked for and not yet uploaded;
-- check_passed_at: when an identity check of theirs passed (re-opening a rejection resumes there).
ALTER TABLE "directors" ADD COLUMN "invited_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "evidence_outstanding" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "check_passed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "directors" d SET "invited_at" = d."created_at"
WHERE NOT EXISTS (SELECT 1 FROM "clients" c WHERE c."id" = d."client_id" AND c."status" = 'PaymentPending')
  AND NOT EXISTS (
    SELECT 1 FROM "director_additions" a
    WHERE a."client_id" = d."client_id" AND a."journey" = 'PayByCard' AND a."paid_at" IS NULL
      AND a."director_ids" @> to_jsonb(d."id")
  );
--> statement-breakpoint
UPDATE "directors" SET "check_passed_at" = coalesce("verification_completed_at", "updated_at")
WHERE coalesce("status_original", "status") IN ('Verified', 'AwaitingAuthCode', 'Complete');
