-- The admin search's narrow copy of each client (client_search), as director_search is for
-- directors (migration 0017): the columns the client filters test, with the same names as in
-- clients, and the client's directors per status (live, alld: the arrays of client_director_counts,
-- which it replaces). Filtering 100,000 clients and summing their directors then scans about a
-- third of the pages of clients (whose rows carry billing and contact details). Kept by statement
-- triggers on clients and by director_count_apply, in the same transaction as every change.
--
-- director_search also gets an index per sortable director column carrying the status and the
-- deletion flags, so that a page of individuals sorted by name (or email, reference, status) is
-- read from the index alone however deep it is; and it is rebuilt in client order, so that the
-- directors of one client sit on one or two pages (as directors added together by a request do).
CREATE TABLE "client_search" (
  "id" integer PRIMARY KEY REFERENCES "clients" ("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "sage_id" text,
  "reference" text NOT NULL,
  "company_id" text,
  "main_contact_email" text NOT NULL,
  "main_contact_first_name" text,
  "main_contact_last_name" text,
  "product_tier" product_tier NOT NULL,
  "status" client_status NOT NULL,
  "created_at" timestamptz NOT NULL,
  "updated_at" timestamptz NOT NULL,
  "unit_price" integer,
  "full_price" integer,
  "owner" text,
  "kantata_reference" text,
  "in_kantata" boolean NOT NULL,
  "is_deleted" boolean NOT NULL,
  "live" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}',
  "alld" integer[] NOT NULL DEFAULT '{0,0,0,0,0,0,0,0}'
) WITH (fillfactor = 80);
--> statement-breakpoint
CREATE FUNCTION "client_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM client_search;
  INSERT INTO client_search
  SELECT c.id, c.name, c.sage_id, c.reference, c.company_id, c.main_contact_email, c.main_contact_first_name,
    c.main_contact_last_name, c.product_tier, c.status, c.created_at, c.updated_at, c.unit_price, c.full_price,
    c.owner, c.kantata_reference, c.in_kantata, c.is_deleted,
    coalesce(x.live, '{0,0,0,0,0,0,0,0}'), coalesce(x.alld, '{0,0,0,0,0,0,0,0}')
  FROM clients c LEFT JOIN director_counts_counted() AS x ON x.client_id = c.id
  ORDER BY c.id;
$$;
--> statement-breakpoint
SELECT client_search_rebuild();
--> statement-breakpoint
CREATE FUNCTION "client_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE FUNCTION "client_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "client_search_insert" AFTER INSERT ON "clients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_inserted();
--> statement-breakpoint
CREATE TRIGGER "client_search_update" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_updated();
--> statement-breakpoint
-- director_count_apply keeps the per-status counts in client_search now (a client's row is made by
-- the insert of the client, a statement before any of its directors).
CREATE OR REPLACE FUNCTION "director_count_apply"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
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
    UPDATE client_search AS k SET
      live = ARRAY(SELECT t.a + t.b FROM unnest(k.live, r.live) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i),
      alld = ARRAY(SELECT t.a + t.b FROM unnest(k.alld, r.alld) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i)
    WHERE k.id = r.client_id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_count_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_search k SET live = coalesce(x.live, '{0,0,0,0,0,0,0,0}'), alld = coalesce(x.alld, '{0,0,0,0,0,0,0,0}')
  FROM client_search k2 LEFT JOIN director_counts_counted() AS x ON x.client_id = k2.id
  WHERE k.id = k2.id AND (k.live, k.alld) IS DISTINCT FROM (coalesce(x.live, '{0,0,0,0,0,0,0,0}'), coalesce(x.alld, '{0,0,0,0,0,0,0,0}'));
  UPDATE clients c SET director_count = coalesce(x.n, 0)
  FROM clients k LEFT JOIN (SELECT id AS client_id, (SELECT sum(v) FROM unnest(live) AS v)::int AS n FROM client_search) AS x ON x.client_id = k.id
  WHERE c.id = k.id AND c.director_count <> coalesce(x.n, 0);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_status_counts_per_client_check"() RETURNS TABLE (client_id integer, kept_live integer[], counted_live integer[], kept_all integer[], counted_all integer[]) LANGUAGE sql AS $$
  SELECT coalesce(k.id, x.client_id), k.live, x.live, k.alld, x.alld
  FROM (SELECT * FROM client_search WHERE live <> '{0,0,0,0,0,0,0,0}' OR alld <> '{0,0,0,0,0,0,0,0}') AS k
  FULL JOIN director_counts_counted() AS x ON x.client_id = k.id
  WHERE (k.live, k.alld) IS DISTINCT FROM (x.live, x.alld);
$$;
--> statement-breakpoint
-- Rows of client_search that differ from their client (none, unless the triggers were off).
CREATE FUNCTION "client_search_check"() RETURNS TABLE (client_id integer, problem text) LANGUAGE sql AS $$
  SELECT coalesce(c.id, s.id), CASE WHEN c.id IS NULL THEN 'extra' WHEN s.id IS NULL THEN 'missing' ELSE 'differs' END
  FROM clients c FULL JOIN client_search s ON s.id = c.id
  WHERE c.id IS NULL OR s.id IS NULL
     OR (c.name, c.sage_id, c.reference, c.company_id, c.main_contact_email, c.main_contact_first_name, c.main_contact_last_name,
         c.product_tier, c.status, c.created_at, c.updated_at, c.unit_price, c.full_price, c.owner, c.kantata_reference, c.in_kantata, c.is_deleted)
        IS DISTINCT FROM
        (s.name, s.sage_id, s.reference, s.company_id, s.main_contact_email, s.main_contact_first_name, s.main_contact_last_name,
         s.product_tier, s.status, s.created_at, s.updated_at, s.unit_price, s.full_price, s.owner, s.kantata_reference, s.in_kantata, s.is_deleted);
$$;
--> statement-breakpoint
DROP TABLE "client_director_counts";
--> statement-breakpoint
-- director_search in client order (the rows of one client together), and its sort indexes.
CREATE OR REPLACE FUNCTION "director_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_search;
  INSERT INTO director_search
  SELECT d.id, d.client_id, d.status, d.is_deleted, c.is_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number
  FROM directors d JOIN clients c ON c.id = d.client_id
  ORDER BY d.client_id, d.id;
$$;
--> statement-breakpoint
CLUSTER "director_search" USING "director_search_client_id_idx";
--> statement-breakpoint
CREATE INDEX "director_search_name_idx" ON "director_search" ("name", "director_id") INCLUDE ("status", "is_deleted", "client_deleted");
--> statement-breakpoint
CREATE INDEX "director_search_email_idx" ON "director_search" ("email", "director_id") INCLUDE ("status", "is_deleted", "client_deleted");
--> statement-breakpoint
CREATE INDEX "director_search_reference_idx" ON "director_search" ("reference", "director_id") INCLUDE ("status", "is_deleted", "client_deleted");
--> statement-breakpoint
CREATE INDEX "director_search_status_idx" ON "director_search" ("status", "director_id") INCLUDE ("is_deleted", "client_deleted");
