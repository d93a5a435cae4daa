-- What the kept copies and counts derive from a director or a client, in one place: used by the
-- triggers (03, 04), the checks (05) and the rebuilds (06). None of them writes.

-- The position of a status in the director_status enum (1-8), as the per-client arrays use it.
CREATE OR REPLACE FUNCTION "director_status_position"(s director_status) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT array_position(enum_range(NULL::director_status), s);
$$;

-- The domain of an email address with the @ before it, lower-cased ('@kestrel.example'), when it
-- has exactly one @; otherwise null.
CREATE OR REPLACE FUNCTION "email_domain"(email text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN email LIKE '%@%' AND email NOT LIKE '%@%@%' THEN lower(substr(email, position('@' IN email))) END;
$$;

-- Whether a director's email has its client's main contact's domain, and so leaves it out of
-- director_search.search_text (and keeps it in shared_domain).
CREATE OR REPLACE FUNCTION "email_shares_domain"(email text, client_email text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(email_domain(email) = email_domain(client_email), false);
$$;

-- The order director_search's rebuild writes its rows in (06-rebuild.sql): the last word of the
-- name (the surname, as people are named here), then the whole name, lower-cased. A surname's
-- directors then lie on neighbouring pages, and so do a first name's within each surname, so a text
-- search that matches tens of thousands of them reads a few hundred pages instead of most of the
-- table (docs/speed.md "Directors in the order of their names").
CREATE OR REPLACE FUNCTION "director_name_order"("name" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(regexp_replace(btrim("name"), '^.*\s', '')) || E'\x01' || lower("name");
$$;

-- Each director's director_search row, as derived from it and its client (shares_client_domain
-- above), under director_search's column names: the insert trigger (03-on-directors.sql), the
-- rebuild (06-rebuild.sql) and the check (05-checks.sql) read it here. A function rather than a
-- view, so that no migration of directors or clients has to drop it first; PostgreSQL inlines it
-- into the statement that reads it, which then joins by key.
CREATE OR REPLACE FUNCTION "director_search_source"() RETURNS TABLE (director_id integer, client_id integer, status director_status,
  is_deleted boolean, client_deleted boolean, name text, email text, reference text, price_override integer, idv_number text,
  client_status client_status, shares_client_domain boolean) LANGUAGE sql STABLE AS $$
  SELECT d.id, d.client_id, d.status, d.is_deleted, c.is_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number, c.status,
    email_shares_domain(d.email, c.main_contact_email)
  FROM directors d JOIN clients c ON c.id = d.client_id;
$$;

-- The distinct lower-cased fragments of zero to three characters of a reference: '' (in every
-- reference, so its counts are the directors' counts) and each of one to three characters.
CREATE OR REPLACE FUNCTION "reference_grams"(reference text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT substr(lower(reference), i, n)
  FROM generate_series(0, 3) AS n, generate_series(1, length(reference) - n + 1) AS i;
$$;

-- Every client's directors counted from the rows: live (not deleted) in all, and per status (in
-- enum order) live and in all, then the same of those whose email has the client's main contact's
-- domain (email_shares_domain). Clients without directors are left out.
CREATE OR REPLACE FUNCTION "director_counts_counted"() RETURNS TABLE (client_id integer, n integer, live integer[], alld integer[], shared_live integer[], shared_alld integer[])
LANGUAGE sql STABLE AS $$
  SELECT k.client_id, coalesce(sum(g.live), 0)::int,
    array_agg(coalesce(g.live, 0)::int ORDER BY s.o), array_agg(coalesce(g.alld, 0)::int ORDER BY s.o),
    array_agg(coalesce(g.shared_live, 0)::int ORDER BY s.o), array_agg(coalesce(g.shared_alld, 0)::int ORDER BY s.o)
  FROM (SELECT DISTINCT d.client_id FROM directors d) AS k
  CROSS JOIN generate_series(1, array_length(enum_range(NULL::director_status), 1)) AS s(o)
  LEFT JOIN (
    SELECT d.client_id, director_status_position(d.status) AS o,
      count(*) FILTER (WHERE d.is_deleted = false) AS live, count(*) AS alld,
      count(*) FILTER (WHERE d.is_deleted = false AND email_shares_domain(d.email, c.main_contact_email)) AS shared_live,
      count(*) FILTER (WHERE email_shares_domain(d.email, c.main_contact_email)) AS shared_alld
    FROM directors d JOIN clients c ON c.id = d.client_id GROUP BY 1, 2
  ) AS g ON g.client_id = k.client_id AND g.o = s.o
  GROUP BY k.client_id;
$$;

-- The given clients' directors of their main contact's domain per status, live and in all (the
-- trigger on clients, when that domain changes).
CREATE OR REPLACE FUNCTION "client_shared_counts"(ids integer[]) RETURNS TABLE (client_id integer, shared_live integer[], shared_alld integer[])
LANGUAGE sql STABLE AS $$
  SELECT i.id, array_agg(coalesce(g.live, 0)::int ORDER BY s.o), array_agg(coalesce(g.alld, 0)::int ORDER BY s.o)
  FROM unnest(ids) AS i(id)
  CROSS JOIN generate_series(1, array_length(enum_range(NULL::director_status), 1)) AS s(o)
  LEFT JOIN (
    SELECT d.client_id, director_status_position(d.status) AS o, count(*) FILTER (WHERE d.is_deleted = false) AS live, count(*) AS alld
    FROM directors d JOIN clients c ON c.id = d.client_id
    WHERE d.client_id = ANY (ids) AND email_shares_domain(d.email, c.main_contact_email)
    GROUP BY 1, 2
  ) AS g ON g.client_id = i.id AND g.o = s.o
  GROUP BY i.id;
$$;

-- The references of the given clients' directors, joined as the columns hold them.
CREATE OR REPLACE FUNCTION "client_director_refs"(ids integer[]) RETURNS TABLE (client_id integer, live_refs text, deleted_refs text)
LANGUAGE sql STABLE AS $$
  SELECT i.id,
    coalesce(string_agg(lower(d.reference), E'\x01' ORDER BY d.reference, d.id) FILTER (WHERE NOT d.is_deleted), ''),
    coalesce(string_agg(lower(d.reference), E'\x01' ORDER BY d.reference, d.id) FILTER (WHERE d.is_deleted), '')
  FROM unnest(ids) AS i(id) LEFT JOIN directors d ON d.client_id = i.id
  GROUP BY i.id;
$$;

-- Every client's, in one pass over directors (the rebuild and the check).
CREATE OR REPLACE FUNCTION "client_director_refs_all"() RETURNS TABLE (client_id integer, live_refs text, deleted_refs text)
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

-- search_counts' rows counted from the tables: per director fragment (reference_grams, with '' for
-- every director), scope and status, and per client scope and status (the rebuild and the check).
CREATE OR REPLACE FUNCTION "search_counts_counted"() RETURNS TABLE (subject text, gram text, scope text, status text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'director', g, x.scope, x.status::text, count(*)
  FROM (
    SELECT 'all' AS scope, d.status, d.reference FROM directors d
    UNION ALL
    SELECT 'live', d.status, d.reference FROM directors d JOIN clients c ON c.id = d.client_id
    WHERE d.is_deleted = false AND c.is_deleted = false
  ) AS x CROSS JOIN LATERAL reference_grams(x.reference) AS g
  GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'client', '', x.scope, x.status::text, count(*)
  FROM (
    SELECT 'all' AS scope, c.status FROM clients c
    UNION ALL
    SELECT 'live', c.status FROM clients c WHERE c.is_deleted = false
  ) AS x
  GROUP BY 3, 4;
$$;
