-- What a write to director_search keeps in step, by statement triggers in the same transaction
-- (a write to directors thus cascades two levels): director_text, the narrowest copy, and the
-- short reference fragments' counts in director_reference_grams.

CREATE OR REPLACE FUNCTION "director_text_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO director_text
  SELECT director_id, client_id, status, client_status, is_deleted, client_deleted, search_text FROM new_rows;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "director_text_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE director_text t
  SET client_id = n.client_id, status = n.status, client_status = n.client_status, is_deleted = n.is_deleted,
      client_deleted = n.client_deleted, search_text = n.search_text
  FROM new_rows n
  WHERE t.director_id = n.director_id
    AND (t.client_id, t.status, t.client_status, t.is_deleted, t.client_deleted, t.search_text)
        IS DISTINCT FROM (n.client_id, n.status, n.client_status, n.is_deleted, n.client_deleted, n.search_text);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "director_text_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM director_text t USING old_rows o WHERE t.director_id = o.director_id;
  RETURN NULL;
END $$;

-- director_reference_grams: rows is (reference, status, live, sign) of the rows a statement took
-- out (-1) and put in (+1); a reference has at most 8 + 7 + 6 distinct fragments.
CREATE OR REPLACE FUNCTION "director_reference_grams_apply"(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO director_reference_grams (gram, scope, status, delta)
  SELECT g, x.scope, x.status, sum(x.sign)
  FROM (
    SELECT 'all' AS scope, (e->>1)::director_status AS status, e->>0 AS reference, (e->>3)::int AS sign FROM jsonb_array_elements(rows) AS e
    UNION ALL
    SELECT 'live', (e->>1)::director_status, e->>0, (e->>3)::int FROM jsonb_array_elements(rows) AS e WHERE (e->>2)::boolean
  ) AS x CROSS JOIN LATERAL reference_grams(x.reference) AS g
  GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0;
$$;

CREATE OR REPLACE FUNCTION "director_reference_grams_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_reference_grams_apply(coalesce(jsonb_agg(jsonb_build_array(n.reference, n.status, NOT n.is_deleted AND NOT n.client_deleted, 1)), '[]'))
  FROM new_rows n;
  RETURN NULL;
END $$;

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

CREATE OR REPLACE FUNCTION "director_reference_grams_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_reference_grams_apply(coalesce(jsonb_agg(jsonb_build_array(o.reference, o.status, NOT o.is_deleted AND NOT o.client_deleted, -1)), '[]'))
  FROM old_rows o;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "director_text_insert" AFTER INSERT ON "director_search"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_text_inserted();

CREATE OR REPLACE TRIGGER "director_text_update" AFTER UPDATE ON "director_search"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_text_updated();

CREATE OR REPLACE TRIGGER "director_text_delete" AFTER DELETE ON "director_search"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_text_deleted();

CREATE OR REPLACE TRIGGER "director_reference_grams_insert" AFTER INSERT ON "director_search"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_reference_grams_inserted();

CREATE OR REPLACE TRIGGER "director_reference_grams_update" AFTER UPDATE ON "director_search"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_reference_grams_updated();

CREATE OR REPLACE TRIGGER "director_reference_grams_delete" AFTER DELETE ON "director_search"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_reference_grams_deleted();
