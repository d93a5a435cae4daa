-- What a write to clients keeps in step, by one statement trigger per event, in the same
-- transaction: client_search (its row of the client's own columns); when the main contact's email
-- changes domain, its directors' shares_client_domain in director_search and its counts of them
-- in client_search; and, when a client is
-- deleted, restored or changes status, its directors' rows of director_search, their live counts
-- in search_counts and search_counts' client rows, in that order. (A client is never deleted for
-- good while it has directors: client_search's row goes with it by its foreign key.)
--
-- A client deleted or restored takes an exclusive advisory lock per client, which the writers of
-- its directors' counts take shared (03-on-directors.sql): the two happen one after the other, and
-- its live directors are counted after the lock, in a fresh snapshot that sees what they committed.

-- search_counts' client rows, from one list of changes: element i is a client of status
-- statuses[i], deleted or not (deleted[i]), counted signs[i] times (+1 put in, -1 taken out), in
-- scope 'all' and, when not deleted, 'live'. One row per (scope, status) the statement changed.
CREATE OR REPLACE FUNCTION "client_counts_apply"(statuses client_status[], deleted boolean[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_counts (subject, gram, scope, status, delta)
  SELECT 'client', '', s.scope, x.status::text, sum(x.sign)
  FROM unnest(statuses, deleted, signs) AS x(status, deleted, sign)
  CROSS JOIN LATERAL (VALUES ('all'), ('live')) AS s(scope)
  WHERE s.scope = 'all' OR NOT x.deleted
  GROUP BY 3, 4 HAVING sum(x.sign) <> 0;
$$;

-- An insert: the clients' rows and counts.
CREATE OR REPLACE FUNCTION "clients_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_search (id, name, sage_id, reference, company_id, main_contact_email, main_contact_first_name,
    main_contact_last_name, product_tier, status, created_at, updated_at, unit_price, full_price, owner,
    kantata_reference, in_kantata, is_deleted)
  SELECT n.id, n.name, n.sage_id, n.reference, n.company_id, n.main_contact_email, n.main_contact_first_name,
    n.main_contact_last_name, n.product_tier, n.status, n.created_at, n.updated_at, n.unit_price, n.full_price,
    n.owner, n.kantata_reference, n.in_kantata, n.is_deleted
  FROM new_rows n;
  PERFORM client_counts_apply(array_agg(n.status), array_agg(n.is_deleted), array_agg(1)) FROM new_rows n;
  RETURN NULL;
END $$;

-- An update: the clients' rows where a copied column changed; their directors' rows and live
-- counts, and the clients' counts, where the deletion or status changed (not in most updates).
CREATE OR REPLACE FUNCTION "clients_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The clients whose main contact's email changed domain (none in most updates).
  moved integer[];
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
  -- A new main contact's domain: which of the client's directors share it, and so what their
  -- search text holds of their emails, and how many of them there are per status (counted again:
  -- a writer of its directors waits for this client's row and then counts in a fresh snapshot,
  -- 03-on-directors.sql). Tested first, as the status below is: joined to director_search for
  -- every update, the statement read its rows whether a domain changed or not.
  moved := ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE email_domain(o.main_contact_email) IS DISTINCT FROM email_domain(n.main_contact_email)
  );
  IF cardinality(moved) > 0 THEN
    UPDATE director_search s SET shares_client_domain = email_shares_domain(s.email, n.main_contact_email)
    FROM new_rows n
    WHERE n.id = ANY (moved) AND s.client_id = n.id AND s.shares_client_domain IS DISTINCT FROM email_shares_domain(s.email, n.main_contact_email);
    UPDATE client_search k SET shared_live = x.shared_live, shared_alld = x.shared_alld
    FROM client_shared_counts(moved) AS x
    WHERE k.id = x.client_id AND (k.shared_live, k.shared_alld) IS DISTINCT FROM (x.shared_live, x.shared_alld);
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.is_deleted) IS DISTINCT FROM (n.status, n.is_deleted)
  ) THEN
    RETURN NULL;
  END IF;
  UPDATE director_search s SET client_deleted = n.is_deleted, client_status = n.status
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.is_deleted, o.status) IS DISTINCT FROM (n.is_deleted, n.status) AND s.client_id = n.id;
  -- A client deleted or restored: its live directors leave or join the live counts, each of their
  -- references' fragments with them.
  PERFORM pg_advisory_xact_lock(8211, k.id)
  FROM (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.is_deleted IS DISTINCT FROM n.is_deleted ORDER BY 1) AS k;
  PERFORM director_counts_apply(array_agg('live'::text), array_agg(d.status), array_agg(d.reference), array_agg(CASE WHEN n.is_deleted THEN -1 ELSE 1 END))
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id AND o.is_deleted IS DISTINCT FROM n.is_deleted
  JOIN directors d ON d.client_id = n.id AND d.is_deleted = false;
  PERFORM client_counts_apply(array_agg(x.status), array_agg(x.is_deleted), array_agg(x.sign))
  FROM (SELECT o.status, o.is_deleted, -1 AS sign FROM old_rows o UNION ALL SELECT n.status, n.is_deleted, 1 FROM new_rows n) AS x;
  RETURN NULL;
END $$;

-- A deletion for good (a client without directors): its counts.
CREATE OR REPLACE FUNCTION "clients_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_counts_apply(array_agg(o.status), array_agg(o.is_deleted), array_agg(-1)) FROM old_rows o;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "clients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_inserted();

CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_updated();

CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "clients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_deleted();
