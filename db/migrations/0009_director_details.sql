ALTER TABLE "directors" ALTER COLUMN "companies_house_code" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "former_name_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Names given before their dates were recorded keep their place in the history, without dates.
UPDATE "directors" SET "former_name_history" = (SELECT coalesce(jsonb_agg(jsonb_build_object('name', n, 'from', null, 'to', null)), '[]'::jsonb) FROM jsonb_array_elements_text("former_names") AS n) WHERE jsonb_array_length("former_names") > 0;
