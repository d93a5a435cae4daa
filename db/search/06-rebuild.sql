-- Each rebuild writes its table again from directors and clients, in one
-- statement: after a bulk load with the triggers off (the benchmark generator runs them itself), or
-- after a check found a difference (`npm run search:rebuild`, which runs them in this order and
-- then VACUUM ANALYZE: a rebuild writes every row again, leaving the table twice its size).

CREATE OR REPLACE FUNCTION "director_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_search;
  INSERT INTO director_search (director_id, client_id, status, is_deleted, client_deleted, name, email, reference, price_override,
    idv_number, client_status, shares_client_domain)
  SELECT x.* FROM director_search_source() AS x
  ORDER BY director_name_order(x.name) COLLATE "C", x.client_id, x.director_id;
$$;

-- The rebuild writes the references too (from directors, so the order of the rebuilds does not matter).
CREATE OR REPLACE FUNCTION "client_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_search;
  INSERT INTO client_search (id, is_deleted, in_kantata, status, product_tier, created_at, updated_at, live, alld,
    unit_price, full_price, name, sage_id, reference, company_id, main_contact_email, main_contact_first_name,
    main_contact_last_name, owner, kantata_reference, live_refs, deleted_refs, shared_live, shared_alld)
  SELECT c.id, c.is_deleted, c.in_kantata, c.status, c.product_tier, c.created_at, c.updated_at,
    coalesce(x.live, '{0,0,0,0,0,0,0,0}'), coalesce(x.alld, '{0,0,0,0,0,0,0,0}'),
    c.unit_price, c.full_price, c.name, c.sage_id, c.reference, c.company_id, c.main_contact_email,
    c.main_contact_first_name, c.main_contact_last_name, c.owner, c.kantata_reference, r.live_refs, r.deleted_refs,
    coalesce(x.shared_live, '{0,0,0,0,0,0,0,0}'), coalesce(x.shared_alld, '{0,0,0,0,0,0,0,0}')
  FROM clients c LEFT JOIN director_counts_counted() AS x ON x.client_id = c.id
    JOIN client_director_refs_all() AS r ON r.client_id = c.id
  ORDER BY c.id;
$$;

CREATE OR REPLACE FUNCTION "director_count_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_search k SET live = x.live, alld = x.alld, shared_live = x.shared_live, shared_alld = x.shared_alld
  FROM (
    SELECT k2.id, coalesce(x.live, '{0,0,0,0,0,0,0,0}') AS live, coalesce(x.alld, '{0,0,0,0,0,0,0,0}') AS alld,
      coalesce(x.shared_live, '{0,0,0,0,0,0,0,0}') AS shared_live, coalesce(x.shared_alld, '{0,0,0,0,0,0,0,0}') AS shared_alld
    FROM client_search k2 LEFT JOIN director_counts_counted() AS x ON x.client_id = k2.id
  ) AS x
  WHERE k.id = x.id AND (k.live, k.alld, k.shared_live, k.shared_alld) IS DISTINCT FROM (x.live, x.alld, x.shared_live, x.shared_alld);
  UPDATE clients c SET director_count = coalesce(x.n, 0)
  FROM clients k LEFT JOIN (SELECT id AS client_id, (SELECT sum(v) FROM unnest(live) AS v)::int AS n FROM client_search) AS x ON x.client_id = k.id
  WHERE c.id = k.id AND c.director_count <> coalesce(x.n, 0);
END $$;

-- Recounts from the tables: one row per key.
CREATE OR REPLACE FUNCTION "search_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_counts;
  INSERT INTO search_counts (subject, gram, scope, status, delta) SELECT * FROM search_counts_counted();
$$;
