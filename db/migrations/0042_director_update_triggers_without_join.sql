-- The statement triggers on directors and director_search that ask "which rows changed what I
-- keep?" (0011, 0017, 0019, 0025, 0028, 0040) no longer join the statement's old and new rows to
-- find out; they compare them as sets (EXCEPT), which PostgreSQL works by hashing or sorting each
-- side once.
--
-- The join `old_rows o JOIN new_rows n ON n.id = o.id WHERE (...) IS DISTINCT FROM (...)` has no
-- statistics to plan with. Under IF NOT EXISTS the planner expects an early match and loops over
-- one side for every row of the other; a plan cached by the session's earlier single-row updates
-- does the same. Either way the cost grows with the square of the rows a statement changes, which
-- a request's thousands of invitations released at once made plain
-- (docs/speed.md, "Invitations at volume").
--
-- A row is changed, for a trigger, when its (id, columns it keeps) in old_rows is not in new_rows
-- (ids are part of the tuple, so no other row can stand in for it); the new side's changed rows are
-- the reverse difference. Same answers as the joins, NULLs included (EXCEPT treats two NULLs as
-- the same, as IS DISTINCT FROM does).
CREATE OR REPLACE FUNCTION "director_status_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing counted changed (most updates): no lock, no row.
  IF NOT EXISTS (
    SELECT o.id, o.status, o.is_deleted, o.client_id FROM old_rows o
    EXCEPT
    SELECT n.id, n.status, n.is_deleted, n.client_id FROM new_rows n
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
CREATE OR REPLACE FUNCTION "director_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change neither the client, the status nor the deletion: nothing to do.
  IF NOT EXISTS (
    SELECT o.id, o.is_deleted, o.client_id, o.status FROM old_rows o
    EXCEPT
    SELECT n.id, n.is_deleted, n.client_id, n.status FROM new_rows n
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
CREATE OR REPLACE FUNCTION "client_director_refs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The clients, before and after, of the directors whose reference, deletion or client changed.
  PERFORM client_director_refs_apply(ARRAY(
    SELECT o.client_id FROM (
      SELECT id, reference, is_deleted, client_id FROM old_rows
      EXCEPT
      SELECT id, reference, is_deleted, client_id FROM new_rows
    ) AS o
    UNION
    SELECT n.client_id FROM (
      SELECT id, reference, is_deleted, client_id FROM new_rows
      EXCEPT
      SELECT id, reference, is_deleted, client_id FROM old_rows
    ) AS n
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "client_next_verify_by_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (details, reminders, a status within the journey) change nothing that counts.
  PERFORM client_next_verify_by_refresh(ARRAY(
    SELECT o.client_id FROM (
      SELECT id, client_id, is_deleted, status IN ('Complete', 'Rejected'), register_role, register_appointed_on, register_birth_month FROM old_rows
      EXCEPT
      SELECT id, client_id, is_deleted, status IN ('Complete', 'Rejected'), register_role, register_appointed_on, register_birth_month FROM new_rows
    ) AS o
    UNION
    SELECT n.client_id FROM (
      SELECT id, client_id, is_deleted, status IN ('Complete', 'Rejected'), register_role, register_appointed_on, register_birth_month FROM new_rows
      EXCEPT
      SELECT id, client_id, is_deleted, status IN ('Complete', 'Rejected'), register_role, register_appointed_on, register_birth_month FROM old_rows
    ) AS n
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The directors whose copied columns changed, as they are now: each then found by its key.
  UPDATE director_search s
  SET client_id = n.client_id, status = n.status, is_deleted = n.is_deleted, client_deleted = c.is_deleted,
      name = n.name, email = n.email, reference = n.reference, price_override = n.price_override, idv_number = n.idv_number,
      client_status = c.status
  FROM (
    SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM new_rows
    EXCEPT
    SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM old_rows
  ) AS n JOIN clients c ON c.id = n.client_id
  WHERE s.director_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_reference_grams_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_reference_grams_apply(coalesce(jsonb_agg(x.e), '[]'))
  FROM (
    SELECT jsonb_build_array(o.reference, o.status, NOT o.is_deleted AND NOT o.client_deleted, -1) AS e
    FROM (
      SELECT director_id, reference, status, is_deleted, client_deleted FROM old_rows
      EXCEPT
      SELECT director_id, reference, status, is_deleted, client_deleted FROM new_rows
    ) AS o
    UNION ALL
    SELECT jsonb_build_array(n.reference, n.status, NOT n.is_deleted AND NOT n.client_deleted, 1)
    FROM (
      SELECT director_id, reference, status, is_deleted, client_deleted FROM new_rows
      EXCEPT
      SELECT director_id, reference, status, is_deleted, client_deleted FROM old_rows
    ) AS n
  ) AS x;
  RETURN NULL;
END $$;
