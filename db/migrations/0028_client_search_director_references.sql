-- Each client's directors' references in its client_search row (migration 0022), lower-cased and
-- joined with \x01, which no search term can hold (control characters are refused): live_refs
-- for the directors that are not deleted, deleted_refs for the others (usually empty). Kept by
-- statement triggers on directors, in the same transaction as every change.
--
-- The client view filtered on a short fragment of an individual's reference counts the clients
-- with at least one matching director. A fragment of one or two characters matches a director in
-- nearly every client (a single symbol is in about a quarter of random 8-symbol references, so in
-- nearly every client of ten), as the generator's prefix `ZD2` matches them all. Each client was
-- probed on director_search's client index until its first match: 99,000 index probes at a
-- million directors, 130-170 ms. Now the count is one scan of client_search with one LIKE on
-- each row, about 30 ms, 100,000 rows at a million directors.
ALTER TABLE "client_search" ADD COLUMN "live_refs" text NOT NULL DEFAULT '', ADD COLUMN "deleted_refs" text NOT NULL DEFAULT '';
--> statement-breakpoint
-- The references of the given clients' directors, joined as the columns hold them.
CREATE FUNCTION "client_director_refs"(ids integer[]) RETURNS TABLE (client_id integer, live_refs text, deleted_refs text)
LANGUAGE sql STABLE AS $$
  SELECT i.id,
    coalesce(string_agg(lower(d.reference), E'\x01' ORDER BY d.reference, d.id) FILTER (WHERE NOT d.is_deleted), ''),
    coalesce(string_agg(lower(d.reference), E'\x01' ORDER BY d.reference, d.id) FILTER (WHERE d.is_deleted), '')
  FROM unnest(ids) AS i(id) LEFT JOIN directors d ON d.client_id = i.id
  GROUP BY i.id;
$$;
--> statement-breakpoint
-- Every client's, in one pass over directors (the rebuild and the check).
CREATE FUNCTION "client_director_refs_all"() RETURNS TABLE (client_id integer, live_refs text, deleted_refs text)
LANGUAGE sql STABLE AS $$
  SELECT c.id,
    coalesce(x.live_refs, ''),
    coalesce(x.deleted_refs, '')
  FROM clients c LEFT JOIN (
    SELECT d.client_id,
      string_agg(lower(d.reference), E'\x01' ORDER BY d.reference, d.id) FILTER (WHERE NOT d.is_deleted) AS live_refs,
      string_agg(lower(d.reference), E'\x01' ORDER BY d.reference, d.id) FILTER (WHERE d.is_deleted) AS deleted_refs
    FROM directors d GROUP BY d.client_id
  ) AS x ON x.client_id = c.id;
$$;
--> statement-breakpoint
UPDATE "client_search" k SET live_refs = x.live_refs, deleted_refs = x.deleted_refs
FROM client_director_refs_all() AS x
WHERE k.id = x.client_id AND (x.live_refs, x.deleted_refs) IS DISTINCT FROM ('', '');
--> statement-breakpoint
-- Writes the given clients' references again, where they changed.
CREATE FUNCTION "client_director_refs_apply"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE client_search k SET live_refs = x.live_refs, deleted_refs = x.deleted_refs
  FROM client_director_refs(ids) AS x
  WHERE k.id = x.client_id AND (k.live_refs, k.deleted_refs) IS DISTINCT FROM (x.live_refs, x.deleted_refs);
$$;
--> statement-breakpoint
CREATE FUNCTION "client_director_refs_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_director_refs_apply(ARRAY(SELECT DISTINCT n.client_id FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "client_director_refs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_director_refs_apply(ARRAY(
    SELECT x.client_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.client_id), (n.client_id)) AS x(client_id)
    WHERE (o.reference, o.is_deleted, o.client_id) IS DISTINCT FROM (n.reference, n.is_deleted, n.client_id)
    GROUP BY x.client_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "client_director_refs_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_director_refs_apply(ARRAY(SELECT DISTINCT o.client_id FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "client_director_refs_insert" AFTER INSERT ON "directors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_director_refs_inserted();
--> statement-breakpoint
CREATE TRIGGER "client_director_refs_update" AFTER UPDATE ON "directors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_director_refs_updated();
--> statement-breakpoint
CREATE TRIGGER "client_director_refs_delete" AFTER DELETE ON "directors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_director_refs_deleted();
--> statement-breakpoint
-- The rebuild writes the references too (from directors, so the order of the rebuilds does not matter).
CREATE OR REPLACE FUNCTION "client_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_search;
  INSERT INTO client_search (id, is_deleted, in_kantata, status, product_tier, created_at, updated_at, live, alld,
    unit_price, full_price, name, sage_id, reference, company_id, main_contact_email, main_contact_first_name,
    main_contact_last_name, owner, kantata_reference, live_refs, deleted_refs)
  SELECT c.id, c.is_deleted, c.in_kantata, c.status, c.product_tier, c.created_at, c.updated_at,
    coalesce(x.live, '{0,0,0,0,0,0,0,0}'), coalesce(x.alld, '{0,0,0,0,0,0,0,0}'),
    c.unit_price, c.full_price, c.name, c.sage_id, c.reference, c.company_id, c.main_contact_email,
    c.main_contact_first_name, c.main_contact_last_name, c.owner, c.kantata_reference, r.live_refs, r.deleted_refs
  FROM clients c LEFT JOIN director_counts_counted() AS x ON x.client_id = c.id
    JOIN client_director_refs_all() AS r ON r.client_id = c.id
  ORDER BY c.id;
$$;
--> statement-breakpoint
-- The check compares the references too ('references' when only they differ).
CREATE OR REPLACE FUNCTION "client_search_check"() RETURNS TABLE (client_id integer, problem text) LANGUAGE sql AS $$
  SELECT coalesce(c.id, s.id),
    CASE WHEN c.id IS NULL THEN 'extra' WHEN s.id IS NULL THEN 'missing'
      WHEN (r.live_refs, r.deleted_refs) IS DISTINCT FROM (s.live_refs, s.deleted_refs) THEN 'references' ELSE 'differs' END
  FROM clients c JOIN client_director_refs_all() AS r ON r.client_id = c.id
    FULL JOIN client_search s ON s.id = c.id
  WHERE c.id IS NULL OR s.id IS NULL
     OR (c.name, c.sage_id, c.reference, c.company_id, c.main_contact_email, c.main_contact_first_name, c.main_contact_last_name,
         c.product_tier, c.status, c.created_at, c.updated_at, c.unit_price, c.full_price, c.owner, c.kantata_reference, c.in_kantata,
         c.is_deleted, r.live_refs, r.deleted_refs)
        IS DISTINCT FROM
        (s.name, s.sage_id, s.reference, s.company_id, s.main_contact_email, s.main_contact_first_name, s.main_contact_last_name,
         s.product_tier, s.status, s.created_at, s.updated_at, s.unit_price, s.full_price, s.owner, s.kantata_reference, s.in_kantata,
         s.is_deleted, s.live_refs, s.deleted_refs);
$$;
--> statement-breakpoint
ANALYZE "client_search";
