-- director_text: the narrowest copy of each director a text search needs, kept by statement
-- triggers on director_search in the same transaction: the lower-cased search text (0026), the
-- director's client, status and deletion, and its client's status and deletion. A global search or
-- an individual text filter with nothing else (lib/server/clients/search-clients.ts) reads its
-- matches here. A surname is matched by 20,000 directors spread over the whole table: here they lie
-- on 15,000 pages of about 65 rows instead of 25,600 of about 40, and with PostgreSQL's packaged 128
-- MB of shared buffers each of those pages is copied from the operating system on every search
-- (counted in 29-34 ms here against 54-56 on director_search, terms in turn). Stored in client order.
CREATE TABLE "director_text" (
  "director_id" integer PRIMARY KEY,
  "client_id" integer NOT NULL,
  "status" director_status NOT NULL,
  "client_status" client_status NOT NULL,
  "is_deleted" boolean NOT NULL,
  "client_deleted" boolean NOT NULL,
  "search_text" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "director_text_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM director_text;
  INSERT INTO director_text
  SELECT director_id, client_id, status, client_status, is_deleted, client_deleted, search_text
  FROM director_search ORDER BY client_id, director_id;
$$;
--> statement-breakpoint
SELECT director_text_rebuild();
--> statement-breakpoint
CREATE INDEX "director_text_trgm_idx" ON "director_text" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION "director_text_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO director_text
  SELECT director_id, client_id, status, client_status, is_deleted, client_deleted, search_text FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "director_text_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE FUNCTION "director_text_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM director_text t USING old_rows o WHERE t.director_id = o.director_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "director_text_insert" AFTER INSERT ON "director_search"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_text_inserted();
--> statement-breakpoint
CREATE TRIGGER "director_text_update" AFTER UPDATE ON "director_search"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION director_text_updated();
--> statement-breakpoint
CREATE TRIGGER "director_text_delete" AFTER DELETE ON "director_search"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION director_text_deleted();
--> statement-breakpoint
-- Rows of director_text that differ from director_search (none, unless the triggers were off).
CREATE FUNCTION "director_text_check"() RETURNS TABLE (director_id integer, problem text) LANGUAGE sql AS $$
  SELECT coalesce(s.director_id, t.director_id), CASE WHEN s.director_id IS NULL THEN 'extra' WHEN t.director_id IS NULL THEN 'missing' ELSE 'differs' END
  FROM director_search s FULL JOIN director_text t ON t.director_id = s.director_id
  WHERE s.director_id IS NULL OR t.director_id IS NULL
     OR (s.client_id, s.status, s.client_status, s.is_deleted, s.client_deleted, s.search_text)
        IS DISTINCT FROM (t.client_id, t.status, t.client_status, t.is_deleted, t.client_deleted, t.search_text);
$$;
--> statement-breakpoint
ANALYZE "director_text";
