-- Exact counts of directors per status whose reference contains a fragment of one to three
-- characters, kept by triggers on director_search in the same transaction as every change (as
-- director_status_counts is for statuses, migration 0011). The individual reference filter with a
-- short fragment can match nearly every director (every generated reference begins `ZD2`): counting
-- those matches reads every row (a second at a million directors), while summing this table's rows
-- for one fragment takes well under a millisecond. A reference has at most 8 + 7 + 6 distinct such
-- fragments, so a director adds about 21 rows' worth of deltas per scope.
--
-- Rows are deltas per (gram, scope, status), written per statement and folded by the search when
-- they pile up for a gram. scope 'live': director and client not deleted; 'all': every director.
CREATE TABLE "director_reference_grams" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "gram" text NOT NULL,
  "scope" text NOT NULL CHECK ("scope" IN ('live', 'all')),
  "status" director_status NOT NULL,
  "delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "director_reference_grams_gram_idx" ON "director_reference_grams" ("gram", "scope") INCLUDE ("status", "delta");
--> statement-breakpoint
-- The distinct lower-cased fragments of one to three characters of a reference.
CREATE FUNCTION "reference_grams"(reference text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT substr(lower(reference), i, n)
  FROM generate_series(1, 3) AS n, generate_series(1, length(reference) - n + 1) AS i;
$$;
--> statement-breakpoint
CREATE FUNCTION "director_reference_grams_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_reference_grams;
  INSERT INTO director_reference_grams (gram, scope, status, delta)
  SELECT g, x.scope, x.status, count(*)
  FROM (
    SELECT 'all' AS scope, s.status, s.reference FROM director_search s
    UNION ALL
    SELECT 'live', s.status, s.reference FROM director_search s WHERE s.is_deleted = false AND s.client_deleted = false
  ) AS x CROSS JOIN LATERAL reference_grams(x.reference) AS g
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT director_reference_grams_rebuild();
--> statement-breakpoint
-- rows: (reference, status, live, sign) of the rows a statement took out (-1) and put in (+1).
CREATE FUNCTION "director_reference_grams_apply"(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO director_reference_grams (gram, scope, status, delta)
  SELECT g, x.scope, x.status, sum(x.sign)
  FROM (
    SELECT 'all' AS scope, (e->>1)::director_status AS status, e->>0 AS reference, (e->>3)::int AS sign FROM jsonb_array_elements(rows) AS e
    UNION ALL
    SELECT 'live', (e->>1)::director_status, e->>0, (e->>3)::int FROM jsonb_array_elements(rows) AS e WHERE (e->>2)::boolean
  ) AS x CROSS JOIN LATERAL reference_grams(x.reference) AS g
  GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0;
$$;
--> statement-breakpoint
CREATE FUNCTION "director_reference_grams_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_reference_grams_apply(coalesce(jsonb_agg(jsonb_build_array(n.reference, n.status, NOT n.is_deleted AND NOT n.client_deleted, 1)), '[]'))
  FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_reference_grams_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_reference_grams_apply(coalesce(jsonb_agg(x.e), '[]'))
  FROM (
    SELECT jsonb_build_array(o.reference, o.status, NOT o.is_deleted AND NOT o.client_deleted, -1) AS e
    FROM old_rows o JOIN new_rows n ON n.director_id = o.director_id
    WHERE (o.reference, o.status, o.is_deleted, o.client_deleted) IS DISTINCT FROM (n.reference, n.status, n.is_deleted, n.client_deleted)
    UNION ALL
    SELECT jsonb_build_array(n.reference, n.status, NOT n.is_deleted AND NOT n.client_deleted, 1)
    FROM old_rows o JOIN new_rows n ON n.director_id = o.director_id
    WHERE (o.reference, o.status, o.is_deleted, o.client_deleted) IS DISTINCT FROM (n.reference, n.status, n.is_deleted, n.client_deleted)
  ) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_reference_grams_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_reference_grams_apply(coalesce(jsonb_agg(jsonb_build_array(o.reference, o.status, NOT o.is_deleted AND NOT o.client_deleted, -1)), '[]'))
  FROM old_rows o;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "director_reference_grams_insert" AFTER INSERT ON "director_search"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_reference_grams_inserted();
--> statement-breakpoint
CREATE TRIGGER "director_reference_grams_update" AFTER UPDATE ON "director_search"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_reference_grams_updated();
--> statement-breakpoint
CREATE TRIGGER "director_reference_grams_delete" AFTER DELETE ON "director_search"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_reference_grams_deleted();
--> statement-breakpoint
-- Fragments whose kept counts differ from a count of director_search (none, unless the triggers were off).
CREATE FUNCTION "director_reference_grams_check"() RETURNS TABLE (gram text, scope text, status director_status, kept bigint, counted bigint) LANGUAGE sql AS $$
  WITH kept AS (
    SELECT k.gram, k.scope, k.status, sum(k.delta) AS n FROM director_reference_grams k GROUP BY 1, 2, 3 HAVING sum(k.delta) <> 0
  ), counted AS (
    SELECT g AS gram, x.scope, x.status, count(*) AS n
    FROM (
      SELECT 'all' AS scope, s.status, s.reference FROM director_search s
      UNION ALL
      SELECT 'live', s.status, s.reference FROM director_search s WHERE s.is_deleted = false AND s.client_deleted = false
    ) AS x CROSS JOIN LATERAL reference_grams(x.reference) AS g
    GROUP BY 1, 2, 3
  )
  SELECT coalesce(k.gram, c.gram), coalesce(k.scope, c.scope), coalesce(k.status, c.status), k.n, c.n
  FROM kept k FULL JOIN counted c ON c.gram = k.gram AND c.scope = k.scope AND c.status = k.status
  WHERE k.n IS DISTINCT FROM c.n;
$$;
