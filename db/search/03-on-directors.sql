-- What a write to directors keeps in step, by one statement trigger per event, in the same
-- transaction: client_search's references, clients.director_count with client_search's per-status
-- counts, search_counts' director rows, and director_search, in that order. Every side table is
-- written from here or from 04-on-clients.sql, never by a trigger on another side table: one write
-- to directors is one level of triggers. Each part does nothing when nothing it keeps changed (most
-- updates change details, not what is counted or searched).
--
-- An update finds the rows that changed what a part keeps by comparing the statement's old and new
-- rows as sets (EXCEPT: a row is changed when its (id, columns kept) is on one side only), which
-- PostgreSQL works by hashing or sorting each side once; a join of old_rows and new_rows has no
-- statistics to plan with and can loop over one side for every row of the other (migration 0042).
--
-- Locks, so that parallel writers leave every kept count equal to a recount
-- (tests/integration/search-counts-race.test.ts writes in parallel and recounts):
-- - the references and the per-client counts update the clients' rows, each in id order (two
--   statements touching the same clients lock them in the same order: they wait, never deadlock);
-- - director_search's copy of a client's deletion, status and domain, and the counts of a client's
--   directors of its main contact's domain, are read after a lock on the client's row (an update
--   locks every client it touches first): a client being deleted, changing status or changing
--   that domain meanwhile rewrites its directors' rows and counts (04-on-clients.sql) and holds its
--   row until it commits, so the copy waits and then reads it in a fresh snapshot (without it, a
--   director renamed while its client was being deleted wrote the client's state from before the
--   deletion over the deletion's);
-- - search_counts: updates and deletes take a shared advisory lock per client touched (ordered),
--   which a client's deletion takes exclusively (04-on-clients.sql): the two then happen one after
--   the other and each counts what the other committed. Inserts take no advisory lock (a bulk load
--   would hold too many): a director added to a client in the moment it is deleted waits all the
--   same, since client_next_verify_by_insert (migration 0040, which fires first by name) and the
--   per-client counts lock or update the client's row first, which the deletion holds; the counts
--   are then read in a fresh snapshot, which sees the deletion.

-- clients.director_count and client_search's per-status counts (live, alld, shared_live,
-- shared_alld). Each caller passes one element per client and status: [client id, status position
-- (1-8), change of live directors, change of all directors, the same two of those of the main
-- contact's domain]; director_count_apply updates each client once, in id order
-- (two statements touching the same clients lock them in the same order: they wait, never
-- deadlock): clients.director_count when its number of live directors changes, and its
-- client_search row (made by the insert of the client, a statement before any of its directors).
CREATE OR REPLACE FUNCTION "director_count_apply"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    WITH e AS (
      SELECT (v->>0)::int AS client_id, (v->>1)::int AS o, (v->>2)::int AS live, (v->>3)::int AS alld,
        (v->>4)::int AS shared_live, (v->>5)::int AS shared_alld
      FROM jsonb_array_elements(deltas) AS v
    ), per AS (
      SELECT k.client_id, s.o, coalesce(sum(e.live), 0)::int AS live, coalesce(sum(e.alld), 0)::int AS alld,
        coalesce(sum(e.shared_live), 0)::int AS shared_live, coalesce(sum(e.shared_alld), 0)::int AS shared_alld
      FROM (SELECT DISTINCT client_id FROM e) AS k
      CROSS JOIN generate_series(1, array_length(enum_range(NULL::director_status), 1)) AS s(o)
      LEFT JOIN e ON e.client_id = k.client_id AND e.o = s.o
      GROUP BY 1, 2
    )
    SELECT client_id, sum(live)::int AS n, array_agg(live ORDER BY o) AS live, array_agg(alld ORDER BY o) AS alld,
      array_agg(shared_live ORDER BY o) AS shared_live, array_agg(shared_alld ORDER BY o) AS shared_alld
    FROM per GROUP BY client_id HAVING bool_or(live <> 0 OR alld <> 0 OR shared_live <> 0 OR shared_alld <> 0) ORDER BY client_id
  LOOP
    IF r.n <> 0 THEN
      UPDATE clients SET director_count = director_count + r.n WHERE id = r.client_id;
    END IF;
    UPDATE client_search AS k SET
      live = ARRAY(SELECT t.a + t.b FROM unnest(k.live, r.live) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i),
      alld = ARRAY(SELECT t.a + t.b FROM unnest(k.alld, r.alld) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i),
      shared_live = ARRAY(SELECT t.a + t.b FROM unnest(k.shared_live, r.shared_live) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i),
      shared_alld = ARRAY(SELECT t.a + t.b FROM unnest(k.shared_alld, r.shared_alld) WITH ORDINALITY AS t(a, b, i) ORDER BY t.i)
    WHERE k.id = r.client_id;
  END LOOP;
END $$;

-- search_counts' director rows, from one list of changes: element i is a director of status
-- statuses[i] and reference refs[i], counted signs[i] times (+1 put in, -1 taken out) in scope
-- scopes[i] ('all', or 'live': neither it nor its client deleted). A statement's changes become one
-- row per (fragment, scope, status) it changed, the empty fragment '' being every director.
CREATE OR REPLACE FUNCTION "director_counts_apply"(scopes text[], statuses director_status[], refs text[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_counts (subject, gram, scope, status, delta)
  SELECT 'director', g, x.scope, x.status::text, sum(x.sign)
  FROM unnest(scopes, statuses, refs, signs) AS x(scope, status, reference, sign) CROSS JOIN LATERAL reference_grams(x.reference) AS g
  GROUP BY 2, 3, 4 HAVING sum(x.sign) <> 0;
$$;

-- client_search's live_refs and deleted_refs: the given clients' references written again, where
-- they changed. Unlike a count, a joined list cannot be kept by adding deltas: it is read again
-- from directors, after locking the clients' rows in id order (as director_count_apply and
-- client_next_verify_by_refresh do, so the three never deadlock), then in a fresh snapshot, which
-- sees what another transaction changing the same clients committed meanwhile. Without the lock,
-- two transactions adding directors to one client each wrote a list without the other's
-- (tests/integration/search-counts-race.test.ts found it).
CREATE OR REPLACE FUNCTION "client_director_refs_apply"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM clients WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE client_search k SET live_refs = x.live_refs, deleted_refs = x.deleted_refs
  FROM client_director_refs(ids) AS x
  WHERE k.id = x.client_id AND (k.live_refs, k.deleted_refs) IS DISTINCT FROM (x.live_refs, x.deleted_refs);
END $$;

-- What the given directors count, put in (+1) or taken out (-1): element i is a director of client
-- client_ids[i] and status statuses[i], deleted or not (deleted[i]), with reference refs[i] and
-- email emails[i], counted signs[i] times. Keeps clients.director_count with client_search's
-- per-status counts, then, after the shared advisory locks when asked (updates and deletes),
-- search_counts' rows. The caller has locked the clients' rows: whether an email has its client's
-- main contact's domain is read here in a fresh snapshot, after any change of that domain
-- committed (the client's update then counted its directors of the new domain again,
-- 04-on-clients.sql).
CREATE OR REPLACE FUNCTION "directors_counted"(client_ids integer[], statuses director_status[], deleted boolean[], refs text[], emails text[], signs integer[], lock_clients boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM director_count_apply(coalesce(jsonb_agg(jsonb_build_array(x.client_id, x.o, x.live, x.alld, x.shared_live, x.shared_alld)), '[]'))
  FROM (
    SELECT r.client_id, director_status_position(r.status) AS o, coalesce(sum(r.sign) FILTER (WHERE NOT r.deleted), 0) AS live, sum(r.sign) AS alld,
      coalesce(sum(r.sign) FILTER (WHERE NOT r.deleted AND email_shares_domain(r.email, c.main_contact_email)), 0) AS shared_live,
      coalesce(sum(r.sign) FILTER (WHERE email_shares_domain(r.email, c.main_contact_email)), 0) AS shared_alld
    FROM unnest(client_ids, statuses, deleted, emails, signs) AS r(client_id, status, deleted, email, sign)
    JOIN clients c ON c.id = r.client_id
    GROUP BY 1, 2
  ) AS x;
  IF lock_clients THEN
    PERFORM pg_advisory_xact_lock_shared(8211, k.client_id) FROM (SELECT DISTINCT unnest(client_ids) AS client_id ORDER BY 1) AS k;
  END IF;
  PERFORM director_counts_apply(array_agg(x.scope), array_agg(x.status), array_agg(x.reference), array_agg(x.sign))
  FROM (
    SELECT 'all' AS scope, r.status, r.reference, r.sign FROM unnest(statuses, refs, signs) AS r(status, reference, sign)
    UNION ALL
    SELECT 'live', r.status, r.reference, r.sign
    FROM unnest(client_ids, statuses, deleted, refs, signs) AS r(client_id, status, deleted, reference, sign)
    JOIN clients c ON c.id = r.client_id
    WHERE NOT r.deleted AND c.is_deleted = false
  ) AS x;
END $$;

-- An insert: every part for the new rows; their director_search rows in the order of names, as the
-- rebuild writes them (06-rebuild.sql), so that a bulk insert (an import, a load) keeps a surname's
-- directors on neighbouring pages too.
CREATE OR REPLACE FUNCTION "directors_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_director_refs_apply(ARRAY(SELECT DISTINCT n.client_id FROM new_rows n));
  PERFORM directors_counted(array_agg(n.client_id), array_agg(n.status), array_agg(n.is_deleted), array_agg(n.reference), array_agg(n.email),
    array_agg(1), false)
  FROM new_rows n;
  INSERT INTO director_search (director_id, client_id, status, is_deleted, client_deleted, name, email, reference, price_override,
    idv_number, client_status, shares_client_domain)
  SELECT x.* FROM new_rows n JOIN director_search_source() AS x ON x.director_id = n.id
  ORDER BY director_name_order(x.name) COLLATE "C", x.client_id, x.director_id;
  RETURN NULL;
END $$;

-- An update: each part for the rows whose columns it keeps changed.
CREATE OR REPLACE FUNCTION "directors_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The clients, before and after, of the directors whose copied columns changed (of which every
  -- part below keeps some), locked first and in id order: each part then reads them in a fresh
  -- snapshot after any change to them committed (their deletion, status or main contact's
  -- domain), and two statements never lock the same clients in a different order.
  PERFORM 1 FROM clients c
  WHERE c.id IN (
    SELECT o.client_id FROM (
      SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM old_rows
      EXCEPT
      SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM new_rows
    ) AS o
    UNION
    SELECT n.client_id FROM (
      SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM new_rows
      EXCEPT
      SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM old_rows
    ) AS n
  )
  ORDER BY c.id FOR NO KEY UPDATE;
  -- The references of the clients, before and after, of the directors whose reference, deletion or
  -- client changed.
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

  -- The counts: the rows whose client, status, deletion, reference or email changed, taken out as
  -- they were and put in as they are (a change of reference alone nets to nothing per client, of
  -- email to nothing but, maybe, its domain's counts).
  PERFORM directors_counted(array_agg(x.client_id), array_agg(x.status), array_agg(x.is_deleted), array_agg(x.reference), array_agg(x.email),
    array_agg(x.sign), true)
  FROM (
    SELECT o.*, -1 AS sign FROM (
      SELECT id, client_id, status, is_deleted, reference, email FROM old_rows
      EXCEPT
      SELECT id, client_id, status, is_deleted, reference, email FROM new_rows
    ) AS o
    UNION ALL
    SELECT n.*, 1 FROM (
      SELECT id, client_id, status, is_deleted, reference, email FROM new_rows
      EXCEPT
      SELECT id, client_id, status, is_deleted, reference, email FROM old_rows
    ) AS n
  ) AS x
  HAVING count(*) > 0;

  -- director_search: the directors whose copied columns changed, as they are now, each found by
  -- its key, with their clients' state (deletion, status, main contact's domain).
  UPDATE director_search s
  SET client_id = n.client_id, status = n.status, is_deleted = n.is_deleted, client_deleted = c.is_deleted,
      name = n.name, email = n.email, reference = n.reference, price_override = n.price_override, idv_number = n.idv_number,
      client_status = c.status, shares_client_domain = email_shares_domain(n.email, c.main_contact_email)
  FROM (
    SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM new_rows
    EXCEPT
    SELECT id, client_id, status, is_deleted, name, email, reference, price_override, idv_number FROM old_rows
  ) AS n JOIN clients c ON c.id = n.client_id
  WHERE s.director_id = n.id;
  RETURN NULL;
END $$;

-- A deletion: every part for the old rows.
CREATE OR REPLACE FUNCTION "directors_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_director_refs_apply(ARRAY(SELECT DISTINCT o.client_id FROM old_rows o));
  PERFORM directors_counted(array_agg(o.client_id), array_agg(o.status), array_agg(o.is_deleted), array_agg(o.reference), array_agg(o.email),
    array_agg(-1), true)
  FROM old_rows o;
  DELETE FROM director_search s USING old_rows o WHERE s.director_id = o.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "directors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directors_inserted();

CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "directors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directors_updated();

CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "directors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directors_deleted();
