-- Each check lists what differs between what is kept and a count of the tables it follows: nothing,
-- unless triggers were off (a bulk load) or a bug. The nightly job `search.check` runs them all
-- and notifies the admins of any difference; `npm run search:rebuild` then writes them again.
-- Every one reads whole tables: seconds at a million directors.

-- Clients whose kept count differs from a count of their rows (none, unless the triggers were off).
CREATE OR REPLACE FUNCTION "director_count_check"() RETURNS TABLE (client_id integer, kept integer, counted integer) LANGUAGE sql AS $$
  SELECT c.id, c.director_count, coalesce(x.n, 0)::int
  FROM clients c LEFT JOIN (SELECT d.client_id, count(*) AS n FROM directors d WHERE d.is_deleted = false GROUP BY 1) AS x ON x.client_id = c.id
  WHERE c.director_count <> coalesce(x.n, 0);
$$;

-- Clients whose directors per status (client_search's live and alld, and shared_live and
-- shared_alld of those of the main contact's domain) differ from a count of them.
CREATE OR REPLACE FUNCTION "client_director_counts_check"() RETURNS TABLE (client_id integer, kept_live integer[], counted_live integer[],
  kept_all integer[], counted_all integer[], kept_shared_live integer[], counted_shared_live integer[], kept_shared_all integer[],
  counted_shared_all integer[]) LANGUAGE sql AS $$
  SELECT coalesce(k.id, x.client_id), k.live, x.live, k.alld, x.alld, k.shared_live, x.shared_live, k.shared_alld, x.shared_alld
  FROM (SELECT * FROM client_search
        WHERE live <> '{0,0,0,0,0,0,0,0}' OR alld <> '{0,0,0,0,0,0,0,0}' OR shared_live <> '{0,0,0,0,0,0,0,0}' OR shared_alld <> '{0,0,0,0,0,0,0,0}') AS k
  FULL JOIN director_counts_counted() AS x ON x.client_id = k.id
  WHERE (k.live, k.alld, k.shared_live, k.shared_alld) IS DISTINCT FROM (x.live, x.alld, x.shared_live, x.shared_alld);
$$;

CREATE OR REPLACE FUNCTION "director_search_check"() RETURNS TABLE (director_id integer, problem text) LANGUAGE sql AS $$
  SELECT coalesce(d.director_id, s.director_id), CASE WHEN d.director_id IS NULL THEN 'extra' WHEN s.director_id IS NULL THEN 'missing' ELSE 'differs' END
  FROM director_search_source() AS d
  FULL JOIN director_search s ON s.director_id = d.director_id
  WHERE d.director_id IS NULL OR s.director_id IS NULL
     OR (d.client_id, d.status, d.is_deleted, d.client_deleted, d.name, d.email, d.reference, d.price_override, d.idv_number, d.client_status,
         d.shares_client_domain)
        IS DISTINCT FROM (s.client_id, s.status, s.is_deleted, s.client_deleted, s.name, s.email, s.reference, s.price_override, s.idv_number,
         s.client_status, s.shares_client_domain);
$$;

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

-- The kept counts (sums of their deltas) that differ from a count of the rows they follow: every
-- director's fragments (the empty one is every director: the status counts) and every client.
CREATE OR REPLACE FUNCTION "search_counts_check"() RETURNS TABLE (subject text, gram text, scope text, status text, kept bigint, counted bigint) LANGUAGE sql AS $$
  WITH kept AS (
    SELECT k.subject, k.gram, k.scope, k.status, sum(k.delta)::bigint AS n FROM search_counts k GROUP BY 1, 2, 3, 4 HAVING sum(k.delta) <> 0
  )
  SELECT coalesce(k.subject, c.subject), coalesce(k.gram, c.gram), coalesce(k.scope, c.scope), coalesce(k.status, c.status), k.n, c.n
  FROM kept k FULL JOIN search_counts_counted() AS c ON (c.subject, c.gram, c.scope, c.status) = (k.subject, k.gram, k.scope, k.status)
  WHERE k.n IS DISTINCT FROM c.n;
$$;

-- How far director_search has moved from the order its rebuild writes it in (director_name_order,
-- 02-derived.sql): its rows, and those on pages whose middle name in that order comes before the
-- middle name of the page before. Page by page, since what a search reads is pages: a change to a
-- row that keeps it on its page moves nothing, and a row written into room left on an earlier page
-- (as an insert does when a row fits there) moves no page's middle. Just after a rebuild, none;
-- then about half the pages of the directors added since, which are written where there is room,
-- in no order. Not a difference, so not one of the checks above: the nightly job search.check reads
-- it and asks for a rebuild when too many rows are out of order
-- (lib/server/search-model/check-search-order.ts).
CREATE OR REPLACE FUNCTION "director_search_order_check"() RETURNS TABLE (directors integer, out_of_order integer) LANGUAGE sql AS $$
  SELECT coalesce(sum(p.n), 0)::int, coalesce(sum(p.n) FILTER (WHERE p.middle < p.previous COLLATE "C"), 0)::int
  FROM (
    SELECT x.n, x.middle, lag(x.middle) OVER (ORDER BY x.page) AS previous
    FROM (SELECT (s.ctid::text::point)[0] AS page, count(*) AS n,
                 percentile_disc(0.5) WITHIN GROUP (ORDER BY director_name_order(s.name) COLLATE "C") AS middle
          FROM director_search s GROUP BY 1) AS x
  ) AS p;
$$;
