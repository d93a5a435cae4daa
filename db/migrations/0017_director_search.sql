-- The admin search's narrow copy of each director, and each client's directors per status, kept in
-- step by statement triggers in the same transaction as every change (lib/server/clients/
-- search-clients.ts; docs/speed.md).
--
-- director_search: one row per director with only what the search matches, counts and sorts on
-- (about a third of a directors row), and whether its client is deleted. A text search reads its
-- matches here: the trigram index finds the candidates, and checking and counting them touches
-- narrow rows instead of the wide directors table (at a million directors, 20,000 matches are
-- counted in about 20 ms here against 90 ms there). Texts are compared lower-cased with LIKE,
-- which is what ILIKE does.
--
-- client_director_counts: per client, its directors per status (arrays in the order of the
-- director_status enum) that are not deleted (live) and in all (alld). The individual view filtered
-- on client columns sums them over the matching clients instead of counting their directors; the
-- client view filtered on an individual status reads one element. A narrow table of its own: a
-- status change rewrites this small row, not the wide clients row and its thirty indexes.
CREATE TABLE "director_search" (
  "director_id" integer PRIMARY KEY,
  "client_id" integer NOT NULL,
  "status" director_status NOT NULL,
  "is_deleted" boolean NOT NULL,
  "client_deleted" boolean NOT NULL,
  "name" text NOT NULL,
  "email" text NOT NULL,
  "reference" text NOT NULL,
  "price_override" integer,
  "idv_number" text
);
--> statement-breakpoint
CREATE TABLE "client_director_counts" (
  "client_id" integer PRIMARY KEY REFERENCES "clients" ("id") ON DELETE CASCADE,
  "live" integer[] NOT NULL,
  "alld" integer[] NOT NULL
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE FUNCTION "director_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_search;
  INSERT INTO director_search
  SELECT d.id, d.client_id, d.status, d.is_deleted, c.is_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number
  FROM directors d JOIN clients c ON c.id = d.client_id;
$$;
--> statement-breakpoint
SELECT director_search_rebuild();
--> statement-breakpoint
CREATE INDEX "director_search_client_id_idx" ON "director_search" ("client_id");
--> statement-breakpoint
CREATE INDEX "director_search_text_trgm_idx" ON "director_search" USING gin ((lower("name" || E'\x01' || "email" || E'\x01' || "reference")) gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION "director_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO director_search
  SELECT n.id, n.client_id, n.status, n.is_deleted, c.is_deleted, n.name, n.email, n.reference, n.price_override, n.idv_number
  FROM new_rows n JOIN clients c ON c.id = n.client_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE director_search s
  SET client_id = n.client_id, status = n.status, is_deleted = n.is_deleted, client_deleted = c.is_deleted,
      name = n.name, email = n.email, reference = n.reference, price_override = n.price_override, idv_number = n.idv_number
  FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN clients c ON c.id = n.client_id
  WHERE s.director_id = n.id
    AND (o.client_id, o.status, o.is_deleted, o.name, o.email, o.reference, o.price_override, o.idv_number)
        IS DISTINCT FROM (n.client_id, n.status, n.is_deleted, n.name, n.email, n.reference, n.price_override, n.idv_number);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_search_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM director_search s USING old_rows o WHERE s.director_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A client deleted or restored: its directors' rows follow.
CREATE FUNCTION "director_search_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE director_search s SET client_deleted = n.is_deleted
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.is_deleted IS DISTINCT FROM n.is_deleted AND s.client_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "director_search_insert" AFTER INSERT ON "directors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_search_inserted();
--> statement-breakpoint
CREATE TRIGGER "director_search_update" AFTER UPDATE ON "directors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_search_updated();
--> statement-breakpoint
CREATE TRIGGER "director_search_delete" AFTER DELETE ON "directors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_search_deleted();
--> statement-breakpoint
CREATE TRIGGER "director_search_clients" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_search_clients();
--> statement-breakpoint
-- Per-client counts. director_count_apply (migration 0012) now takes one element per client, status
-- and liveness: [client id, status position (1-8), change of live directors, change of all
-- directors]; it still updates each client once, in id order (no deadlock between two statements):
-- clients.director_count when the number of live directors changes, and the client's row of
-- client_director_counts.
DROP FUNCTION "director_count_apply"(jsonb);
--> statement-breakpoint
CREATE FUNCTION "director_count_apply"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    WITH e AS (
      SELECT (v->>0)::int AS client_id, (v->>1)::int AS o, (v->>2)::int AS live, (v->>3)::int AS alld
      FROM jsonb_array_elements(deltas) AS v
    ), per AS (
      SELECT k.client_id, s.o, coalesce(sum(e.live), 0)::int AS live, coalesce(sum(e.alld), 0)::int AS alld
      FROM (SELECT DISTINCT client_id FROM e) AS k
      CROSS JOIN generate_series(1, array_length(enum_range(NULL::director_status), 1)) AS s(o)
      LEFT JOIN e ON e.client_id = k.client_id AND e.o = s.o
      GROUP BY 1, 2
    )
    SELECT client_id, sum(live)::int AS n, array_agg(live ORDER BY o) AS live, array_agg(alld ORDER BY o) AS alld
    FROM per GROUP BY client_id HAVING bool_or(live <> 0 OR alld <> 0) ORDER BY client_id
  LOOP
    IF r.n <> 0 THEN
      UPDATE clients SET director_count = director_count + r.n WHERE id = r.client_id;
    END IF;
    INSERT INTO client_director_counts AS k (client_id, live, alld) VALUES (r.client_id, r.live, r.alld)
    ON CONFLICT (client_id) DO UPDATE SET
      live = ARRAY(SELECT t.a + t.b FROM unnest(k.live, r.live) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i),
      alld = ARRAY(SELECT t.a + t.b FROM unnest(k.alld, r.alld) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i);
  END LOOP;
END $$;
--> statement-breakpoint
-- The position of a status in the director_status enum (1-8), as the per-client arrays use it.
CREATE FUNCTION "director_status_position"(s director_status) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT array_position(enum_range(NULL::director_status), s);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, x.o, x.live, x.alld)), '[]'))
  FROM (
    SELECT client_id, director_status_position(status) AS o, count(*) FILTER (WHERE is_deleted = false) AS live, count(*) AS alld
    FROM new_rows GROUP BY 1, 2
  ) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change neither the client, the status nor the deletion: nothing to do.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.is_deleted, o.client_id, o.status) IS DISTINCT FROM (n.is_deleted, n.client_id, n.status)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, x.o, x.live, x.alld)), '[]'))
  FROM (
    SELECT client_id, o, sum(live) AS live, sum(alld) AS alld FROM (
      SELECT client_id, director_status_position(status) AS o, -(NOT is_deleted)::int AS live, -1 AS alld FROM old_rows
      UNION ALL
      SELECT client_id, director_status_position(status), (NOT is_deleted)::int, 1 FROM new_rows
    ) AS d GROUP BY 1, 2 HAVING sum(live) <> 0 OR sum(alld) <> 0
  ) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, x.o, -x.live, -x.alld)), '[]'))
  FROM (
    SELECT client_id, director_status_position(status) AS o, count(*) FILTER (WHERE is_deleted = false) AS live, count(*) AS alld
    FROM old_rows GROUP BY 1, 2
  ) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every client's directors counted from the rows: live (not deleted) in all, and per status (in
-- enum order) live and in all. Clients without directors are left out.
CREATE FUNCTION "director_counts_counted"() RETURNS TABLE (client_id integer, n integer, live integer[], alld integer[]) LANGUAGE sql STABLE AS $$
  SELECT k.client_id, coalesce(sum(g.live), 0)::int,
    array_agg(coalesce(g.live, 0)::int ORDER BY s.o), array_agg(coalesce(g.alld, 0)::int ORDER BY s.o)
  FROM (SELECT DISTINCT d.client_id FROM directors d) AS k
  CROSS JOIN generate_series(1, array_length(enum_range(NULL::director_status), 1)) AS s(o)
  LEFT JOIN (
    SELECT d.client_id, director_status_position(d.status) AS o,
      count(*) FILTER (WHERE d.is_deleted = false) AS live, count(*) AS alld
    FROM directors d GROUP BY 1, 2
  ) AS g ON g.client_id = k.client_id AND g.o = s.o
  GROUP BY k.client_id;
$$;
--> statement-breakpoint
-- Recounts the kept counts from the directors (after a bulk load with the triggers off): the
-- per-client rows, and clients.director_count where it differs.
CREATE FUNCTION "director_count_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_director_counts;
  INSERT INTO client_director_counts (client_id, live, alld) SELECT client_id, live, alld FROM director_counts_counted();
  UPDATE clients c SET director_count = coalesce(x.n, 0)
  FROM clients k LEFT JOIN (SELECT client_id, (SELECT sum(v) FROM unnest(live) AS v)::int AS n FROM client_director_counts) AS x ON x.client_id = k.id
  WHERE c.id = k.id AND c.director_count <> coalesce(x.n, 0);
END $$;
--> statement-breakpoint
SELECT director_count_rebuild();
--> statement-breakpoint
-- Clients whose kept per-status counts differ from a count of their rows (none, unless the triggers were off).
CREATE FUNCTION "director_status_counts_per_client_check"() RETURNS TABLE (client_id integer, kept_live integer[], counted_live integer[], kept_all integer[], counted_all integer[]) LANGUAGE sql AS $$
  SELECT coalesce(k.client_id, x.client_id), k.live, x.live, k.alld, x.alld
  FROM (SELECT * FROM client_director_counts WHERE live <> '{0,0,0,0,0,0,0,0}' OR alld <> '{0,0,0,0,0,0,0,0}') AS k
  FULL JOIN director_counts_counted() AS x ON x.client_id = k.client_id
  WHERE (k.live, k.alld) IS DISTINCT FROM (x.live, x.alld);
$$;
--> statement-breakpoint
-- Rows of director_search that differ from their director (none, unless the triggers were off).
CREATE FUNCTION "director_search_check"() RETURNS TABLE (director_id integer, problem text) LANGUAGE sql AS $$
  SELECT coalesce(d.id, s.director_id), CASE WHEN d.id IS NULL THEN 'extra' WHEN s.director_id IS NULL THEN 'missing' ELSE 'differs' END
  FROM (SELECT d.id, d.client_id, d.status, d.is_deleted, c.is_deleted AS client_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number
        FROM directors d JOIN clients c ON c.id = d.client_id) AS d
  FULL JOIN director_search s ON s.director_id = d.id
  WHERE d.id IS NULL OR s.director_id IS NULL
     OR (d.client_id, d.status, d.is_deleted, d.client_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number)
        IS DISTINCT FROM (s.client_id, s.status, s.is_deleted, s.client_deleted, s.name, s.email, s.reference, s.price_override, s.idv_number);
$$;
