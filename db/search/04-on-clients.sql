-- What a write to clients keeps in step, by statement triggers in the same transaction:
-- client_search (its row of the client's own columns), client_status_counts, and, when a client is
-- deleted, restored or changes status, its directors' rows of director_search and director_text
-- and their live counts in director_status_counts and director_reference_grams. (A client is never
-- deleted for good while it has directors: client_search's row goes with it by its foreign key.)

CREATE OR REPLACE FUNCTION "client_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_search (id, name, sage_id, reference, company_id, main_contact_email, main_contact_first_name,
    main_contact_last_name, product_tier, status, created_at, updated_at, unit_price, full_price, owner,
    kantata_reference, in_kantata, is_deleted)
  SELECT n.id, n.name, n.sage_id, n.reference, n.company_id, n.main_contact_email, n.main_contact_first_name,
    n.main_contact_last_name, n.product_tier, n.status, n.created_at, n.updated_at, n.unit_price, n.full_price,
    n.owner, n.kantata_reference, n.in_kantata, n.is_deleted
  FROM new_rows n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "client_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_search s SET name = n.name, sage_id = n.sage_id, reference = n.reference, company_id = n.company_id,
    main_contact_email = n.main_contact_email, main_contact_first_name = n.main_contact_first_name,
    main_contact_last_name = n.main_contact_last_name, product_tier = n.product_tier, status = n.status,
    created_at = n.created_at, updated_at = n.updated_at, unit_price = n.unit_price, full_price = n.full_price,
    owner = n.owner, kantata_reference = n.kantata_reference, in_kantata = n.in_kantata, is_deleted = n.is_deleted
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE s.id = n.id
    AND (o.name, o.sage_id, o.reference, o.company_id, o.main_contact_email, o.main_contact_first_name, o.main_contact_last_name,
         o.product_tier, o.status, o.created_at, o.updated_at, o.unit_price, o.full_price, o.owner, o.kantata_reference, o.in_kantata, o.is_deleted)
        IS DISTINCT FROM
        (n.name, n.sage_id, n.reference, n.company_id, n.main_contact_email, n.main_contact_first_name, n.main_contact_last_name,
         n.product_tier, n.status, n.created_at, n.updated_at, n.unit_price, n.full_price, n.owner, n.kantata_reference, n.in_kantata, n.is_deleted);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "client_status_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_status_counts (scope, status, delta)
  SELECT x.scope, x.status, sum(x.delta) FROM (
    SELECT 'all' AS scope, n.status, 1 AS delta FROM new_rows n
    UNION ALL
    SELECT 'live', n.status, 1 FROM new_rows n WHERE n.is_deleted = false
  ) AS x GROUP BY x.scope, x.status;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "client_status_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing counted changed (most updates): no row.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.is_deleted) IS DISTINCT FROM (n.status, n.is_deleted)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO client_status_counts (scope, status, delta)
  SELECT x.scope, x.status, sum(x.delta) FROM (
    SELECT 'all' AS scope, o.status, -1 AS delta FROM old_rows o
    UNION ALL
    SELECT 'all', n.status, 1 FROM new_rows n
    UNION ALL
    SELECT 'live', o.status, -1 FROM old_rows o WHERE o.is_deleted = false
    UNION ALL
    SELECT 'live', n.status, 1 FROM new_rows n WHERE n.is_deleted = false
  ) AS x GROUP BY x.scope, x.status HAVING sum(x.delta) <> 0;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "client_status_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_status_counts (scope, status, delta)
  SELECT x.scope, x.status, sum(x.delta) FROM (
    SELECT 'all' AS scope, o.status, -1 AS delta FROM old_rows o
    UNION ALL
    SELECT 'live', o.status, -1 FROM old_rows o WHERE o.is_deleted = false
  ) AS x GROUP BY x.scope, x.status;
  RETURN NULL;
END $$;

-- A client deleted, restored or moved to another status: its directors' rows follow.
CREATE OR REPLACE FUNCTION "director_search_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    UPDATE director_search s SET client_deleted = n.is_deleted, client_status = n.status
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.is_deleted, o.status) IS DISTINCT FROM (n.is_deleted, n.status) AND s.client_id = n.id
    RETURNING s.director_id, s.client_status, s.client_deleted
  )
  UPDATE director_text t SET client_status = s.client_status, client_deleted = s.client_deleted
  FROM s WHERE t.director_id = s.director_id;
  RETURN NULL;
END $$;

-- A client deleted or restored: its live directors leave or join the live counts and their
-- references' fragments' live counts, counted after the exclusive lock (a fresh snapshot:
-- directors changed meanwhile are seen as committed).
CREATE OR REPLACE FUNCTION "director_status_counts_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.is_deleted IS DISTINCT FROM n.is_deleted) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(8211, k.id)
  FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.is_deleted IS DISTINCT FROM n.is_deleted ORDER BY 1) AS k;
  PERFORM director_counts_apply(array_agg('live'::text), array_agg(d.status), array_agg(d.reference), array_agg(CASE WHEN n.is_deleted THEN -1 ELSE 1 END))
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id AND o.is_deleted IS DISTINCT FROM n.is_deleted
  JOIN directors d ON d.client_id = n.id AND d.is_deleted = false;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "client_search_insert" AFTER INSERT ON "clients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_inserted();

CREATE OR REPLACE TRIGGER "client_search_update" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_updated();

CREATE OR REPLACE TRIGGER "client_status_counts_insert" AFTER INSERT ON "clients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_status_counts_inserted();

CREATE OR REPLACE TRIGGER "client_status_counts_update" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_status_counts_updated();

CREATE OR REPLACE TRIGGER "client_status_counts_delete" AFTER DELETE ON "clients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_status_counts_deleted();

CREATE OR REPLACE TRIGGER "director_search_clients" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_search_clients();

CREATE OR REPLACE TRIGGER "director_status_counts_clients" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_status_counts_clients();
