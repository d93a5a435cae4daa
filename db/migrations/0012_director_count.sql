ALTER TABLE "clients" ADD COLUMN "director_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_live_director_count_id_idx" ON "clients" USING btree ("director_count","id") WHERE "clients"."is_deleted" = false;--> statement-breakpoint
-- clients.director_count: the client's directors that are not deleted, kept by the triggers below
-- in the same statement as every change to directors, so that the admin search sorts and shows
-- the number of individuals without counting a million rows. Each statement adds its net change
-- per client, one client at a time in id order (two transactions touching the same clients lock
-- them in the same order, so they wait for each other instead of deadlocking).
UPDATE "clients" c SET "director_count" = x.n
FROM (SELECT client_id, count(*)::int AS n FROM directors WHERE is_deleted = false GROUP BY client_id) AS x
WHERE c.id = x.client_id;
--> statement-breakpoint
CREATE FUNCTION "director_count_apply"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT (e->>0)::int AS client_id, (e->>1)::int AS delta FROM jsonb_array_elements(deltas) AS e ORDER BY 1 LOOP
    UPDATE clients SET director_count = director_count + r.delta WHERE id = r.client_id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, x.n)), '[]'))
  FROM (SELECT client_id, count(*) AS n FROM new_rows WHERE is_deleted = false GROUP BY 1) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change neither the client nor the deletion: nothing to do.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.is_deleted, o.client_id) IS DISTINCT FROM (n.is_deleted, n.client_id)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, x.n)), '[]'))
  FROM (
    SELECT client_id, sum(delta) AS n FROM (
      SELECT client_id, -1 AS delta FROM old_rows WHERE is_deleted = false
      UNION ALL
      SELECT client_id, 1 FROM new_rows WHERE is_deleted = false
    ) AS d GROUP BY 1 HAVING sum(delta) <> 0
  ) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, -x.n)), '[]'))
  FROM (SELECT client_id, count(*) AS n FROM old_rows WHERE is_deleted = false GROUP BY 1) AS x;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Clients whose kept count differs from a count of their rows (none, unless the triggers were off).
CREATE FUNCTION "director_count_check"() RETURNS TABLE (client_id integer, kept integer, counted integer) LANGUAGE sql AS $$
  SELECT c.id, c.director_count, coalesce(x.n, 0)::int
  FROM clients c LEFT JOIN (SELECT d.client_id, count(*) AS n FROM directors d WHERE d.is_deleted = false GROUP BY 1) AS x ON x.client_id = c.id
  WHERE c.director_count <> coalesce(x.n, 0);
$$;
--> statement-breakpoint
CREATE TRIGGER "director_count_insert" AFTER INSERT ON "directors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_count_inserted();
--> statement-breakpoint
CREATE TRIGGER "director_count_update" AFTER UPDATE ON "directors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_count_updated();
--> statement-breakpoint
CREATE TRIGGER "director_count_delete" AFTER DELETE ON "directors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_count_deleted();
