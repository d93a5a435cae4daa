-- director_search carries its client's status, as it carries whether the client is deleted, kept by
-- the same triggers. A text search that counts clients by status (the client view filtered on an
-- individual, a global search) reads the status from its matches instead of probing the client of
-- each: 16,690 probes, about 35 ms, for a surname matched by 20,000 directors at a million.
ALTER TABLE "director_search" ADD COLUMN "client_status" client_status;
--> statement-breakpoint
UPDATE "director_search" s SET "client_status" = c."status" FROM "clients" c WHERE c."id" = s."client_id";
--> statement-breakpoint
ALTER TABLE "director_search" ALTER COLUMN "client_status" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_search_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_search;
  INSERT INTO director_search
  SELECT d.id, d.client_id, d.status, d.is_deleted, c.is_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number, c.status
  FROM directors d JOIN clients c ON c.id = d.client_id
  ORDER BY d.client_id, d.id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO director_search
  SELECT n.id, n.client_id, n.status, n.is_deleted, c.is_deleted, n.name, n.email, n.reference, n.price_override, n.idv_number, c.status
  FROM new_rows n JOIN clients c ON c.id = n.client_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE director_search s
  SET client_id = n.client_id, status = n.status, is_deleted = n.is_deleted, client_deleted = c.is_deleted,
      name = n.name, email = n.email, reference = n.reference, price_override = n.price_override, idv_number = n.idv_number,
      client_status = c.status
  FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN clients c ON c.id = n.client_id
  WHERE s.director_id = n.id
    AND (o.client_id, o.status, o.is_deleted, o.name, o.email, o.reference, o.price_override, o.idv_number)
        IS DISTINCT FROM (n.client_id, n.status, n.is_deleted, n.name, n.email, n.reference, n.price_override, n.idv_number);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A client deleted, restored or moved to another status: its directors' rows follow.
CREATE OR REPLACE FUNCTION "director_search_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE director_search s SET client_deleted = n.is_deleted, client_status = n.status
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.is_deleted, o.status) IS DISTINCT FROM (n.is_deleted, n.status) AND s.client_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "director_search_check"() RETURNS TABLE (director_id integer, problem text) LANGUAGE sql AS $$
  SELECT coalesce(d.id, s.director_id), CASE WHEN d.id IS NULL THEN 'extra' WHEN s.director_id IS NULL THEN 'missing' ELSE 'differs' END
  FROM (SELECT d.id, d.client_id, d.status, d.is_deleted, c.is_deleted AS client_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number,
               c.status AS client_status
        FROM directors d JOIN clients c ON c.id = d.client_id) AS d
  FULL JOIN director_search s ON s.director_id = d.id
  WHERE d.id IS NULL OR s.director_id IS NULL
     OR (d.client_id, d.status, d.is_deleted, d.client_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number, d.client_status)
        IS DISTINCT FROM (s.client_id, s.status, s.is_deleted, s.client_deleted, s.name, s.email, s.reference, s.price_override, s.idv_number, s.client_status);
$$;
