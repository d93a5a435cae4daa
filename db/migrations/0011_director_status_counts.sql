-- Exact counts of directors per status for the admin search's individual view, kept in step by
-- triggers in the same transaction as every change to a director or to a client's deletion.
-- Counting a million directors on every search would take 50-100 ms; summing this table takes
-- well under one.
--
-- Rows are deltas, never updated in place: each statement that changes directors inserts one row
-- per (scope, status) it changed, so concurrent transactions never wait on a shared counter row
-- (and cannot deadlock on one). The count is the sum of the deltas; the search folds them into
-- one row per (scope, status) when they pile up (a single DELETE ... RETURNING + INSERT statement,
-- safe to run concurrently: a row deleted by one folder is skipped by the other).
--
-- scope 'live': directors not deleted whose client is not deleted (what the search shows by default);
-- scope 'all': every director (the search with deleted rows included).
CREATE TABLE "director_status_counts" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "scope" text NOT NULL CHECK ("scope" IN ('live', 'all')),
  "status" director_status NOT NULL,
  "delta" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "director_status_counts" ("scope", "status", "delta")
SELECT 'all', d.status, count(*) FROM directors d GROUP BY d.status
UNION ALL
SELECT 'live', d.status, count(*) FROM directors d JOIN clients c ON c.id = d.client_id
WHERE d.is_deleted = false AND c.is_deleted = false GROUP BY d.status;
--> statement-breakpoint
-- Directors inserted, updated or deleted: what the statement took out (old_rows), what it put in
-- (new_rows). Updates and deletes first take a shared lock per client touched (ordered, so that
-- they never deadlock among themselves), which a client's deletion takes exclusively: the two then
-- happen one after the other and each counts what the other committed. Inserts take none (a bulk
-- load would hold too many locks); a director added to a client in the very moment it is deleted
-- is the one race left, and `select director_status_counts_rebuild()` recounts from the tables.
CREATE FUNCTION "director_status_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO director_status_counts (scope, status, delta)
  SELECT x.scope, x.status, sum(x.delta) FROM (
    SELECT 'all' AS scope, n.status, 1 AS delta FROM new_rows n
    UNION ALL
    SELECT 'live', n.status, 1 FROM new_rows n JOIN clients c ON c.id = n.client_id WHERE n.is_deleted = false AND c.is_deleted = false
  ) AS x GROUP BY x.scope, x.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_status_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing counted changed (most updates): no lock, no row.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.is_deleted, o.client_id) IS DISTINCT FROM (n.status, n.is_deleted, n.client_id)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(8211, k.client_id)
  FROM (SELECT client_id FROM old_rows UNION SELECT client_id FROM new_rows ORDER BY 1) AS k;
  INSERT INTO director_status_counts (scope, status, delta)
  SELECT x.scope, x.status, sum(x.delta) FROM (
    SELECT 'all' AS scope, o.status, -1 AS delta FROM old_rows o
    UNION ALL
    SELECT 'all', n.status, 1 FROM new_rows n
    UNION ALL
    SELECT 'live', o.status, -1 FROM old_rows o JOIN clients c ON c.id = o.client_id WHERE o.is_deleted = false AND c.is_deleted = false
    UNION ALL
    SELECT 'live', n.status, 1 FROM new_rows n JOIN clients c ON c.id = n.client_id WHERE n.is_deleted = false AND c.is_deleted = false
  ) AS x GROUP BY x.scope, x.status HAVING sum(x.delta) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_status_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(8211, k.client_id) FROM (SELECT DISTINCT client_id FROM old_rows ORDER BY 1) AS k;
  INSERT INTO director_status_counts (scope, status, delta)
  SELECT x.scope, x.status, sum(x.delta) FROM (
    SELECT 'all' AS scope, o.status, -1 AS delta FROM old_rows o
    UNION ALL
    SELECT 'live', o.status, -1 FROM old_rows o JOIN clients c ON c.id = o.client_id WHERE o.is_deleted = false AND c.is_deleted = false
  ) AS x GROUP BY x.scope, x.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A client deleted or restored: its live directors leave or join the live counts, counted after
-- the exclusive lock (a fresh snapshot: directors changed meanwhile are seen as committed).
CREATE FUNCTION "director_status_counts_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.is_deleted IS DISTINCT FROM n.is_deleted) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(8211, k.id)
  FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.is_deleted IS DISTINCT FROM n.is_deleted ORDER BY 1) AS k;
  INSERT INTO director_status_counts (scope, status, delta)
  SELECT 'live', d.status, sum(CASE WHEN n.is_deleted THEN -1 ELSE 1 END)
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id AND o.is_deleted IS DISTINCT FROM n.is_deleted
  JOIN directors d ON d.client_id = n.id AND d.is_deleted = false
  GROUP BY d.status
  HAVING sum(CASE WHEN n.is_deleted THEN -1 ELSE 1 END) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recounts from the tables (after a bulk load with the triggers off, or to check).
CREATE FUNCTION "director_status_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_status_counts;
  INSERT INTO director_status_counts (scope, status, delta)
  SELECT 'all', d.status, count(*) FROM directors d GROUP BY d.status
  UNION ALL
  SELECT 'live', d.status, count(*) FROM directors d JOIN clients c ON c.id = d.client_id
  WHERE d.is_deleted = false AND c.is_deleted = false GROUP BY d.status;
$$;
--> statement-breakpoint
CREATE TRIGGER "director_status_counts_insert" AFTER INSERT ON "directors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_status_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER "director_status_counts_update" AFTER UPDATE ON "directors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_status_counts_updated();
--> statement-breakpoint
CREATE TRIGGER "director_status_counts_delete" AFTER DELETE ON "directors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_status_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER "director_status_counts_clients" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_status_counts_clients();
