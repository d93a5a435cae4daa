-- The individual filter (name or email) counted every director whose email's domain, its client's
-- main contact's, holds the term: a fragment of a company word matches whole clients' domains,
-- tens of thousands of them at a million directors, and the count read each of their directors.
-- client_search now keeps each client's main contact's domain (main_contact_domain, on a trigram
-- index: db/search/01-tables.sql) and its directors of that domain per status (shared_live,
-- shared_alld), which the triggers keep from here on (db/search/03, 04) and the search sums
-- (lib/server/clients/search/text-search.ts).
--
-- The counts start from director_search's shares_client_domain (migration 0048), written before
-- the stored domain is added: adding it writes the table again with only its current rows, so the
-- old versions the counts' update leaves (most clients' rows) are not kept beside them. The
-- functions whose arguments or results change are dropped: db/search/ defines them again.
ALTER TABLE "client_search" ADD COLUMN IF NOT EXISTS "shared_live" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}';
--> statement-breakpoint
ALTER TABLE "client_search" ADD COLUMN IF NOT EXISTS "shared_alld" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}';
--> statement-breakpoint
UPDATE "client_search" k SET "shared_live" = x.live, "shared_alld" = x.alld
FROM (
  SELECT c.client_id, array_agg(coalesce(g.live, 0)::int ORDER BY p.o) AS live, array_agg(coalesce(g.alld, 0)::int ORDER BY p.o) AS alld
  FROM (SELECT DISTINCT s.client_id FROM director_search s WHERE s.shares_client_domain) AS c
  CROSS JOIN generate_series(1, array_length(enum_range(NULL::director_status), 1)) AS p(o)
  LEFT JOIN (
    SELECT s.client_id, array_position(enum_range(NULL::director_status), s.status) AS o,
      count(*) FILTER (WHERE s.is_deleted = false) AS live, count(*) AS alld
    FROM director_search s WHERE s.shares_client_domain GROUP BY 1, 2
  ) AS g ON g.client_id = c.client_id AND g.o = p.o
  GROUP BY c.client_id
) AS x
WHERE k.id = x.client_id;
--> statement-breakpoint
ALTER TABLE "client_search" ADD COLUMN IF NOT EXISTS "main_contact_domain" text GENERATED ALWAYS AS (CASE WHEN "main_contact_email" LIKE '%@%' AND "main_contact_email" NOT LIKE '%@%@%' THEN lower(substr("main_contact_email", position('@' IN "main_contact_email"))) END) STORED;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "directors_counted"(integer[], director_status[], boolean[], text[], integer[], boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "director_counts_counted"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "client_director_counts_check"();
