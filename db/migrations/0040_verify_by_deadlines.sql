-- Verify-by deadlines (issue 20): each person's date in SQL, each client's earliest, deadline
-- reminders, and the admin search's deadline filter and sorts.
--
-- statutory_verify_by and person_verify_by are lib/domain/verify-by.ts in SQL (the reminders and
-- the search need it set-based; tests/integration/verify-by-sql.test.ts holds the two together).
--
-- clients.next_verify_by: the earliest verify-by date of the client's people still to be verified
-- (not deleted, not Complete, not Rejected), or null. Kept by a statement trigger on directors
-- (a change of a person's client, deletion, whether they are finished, or register entry) and a
-- row trigger on clients (its requested date or confirmation statement date), in the same
-- transaction. A minimum cannot be kept by adding deltas, as director_count is: each change
-- computes the client's again, after locking the client's row, so two transactions changing
-- people of one client in parallel cannot each write a minimum that misses the other's change.
-- Clients are locked in id order (as director_count_apply does) so that they do not deadlock.
--
-- clients.priority_at: the default order of the admin client list (newest first) with clients who
-- have someone overdue first: created_at, or created_at plus 10,000 years while next_verify_by has
-- passed (UK date). Written by the row trigger on every insert and update of a client; a date
-- passing makes no write, so the nightly job `clients.mark-overdue` (00:04 UK) touches the clients
-- whose date passed that day. One non-null column with one (priority_at, id) index: the default
-- page stays an index walk, in both directions and however deep.
CREATE FUNCTION "statutory_verify_by"(role text, appointed_on date, birth_month integer, confirmation_statement_due date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN role = 'psc' THEN CASE
      WHEN appointed_on >= DATE '2025-11-18' THEN appointed_on + 14
      WHEN birth_month BETWEEN 1 AND 12 THEN make_date(CASE WHEN birth_month = 12 THEN 2025 ELSE 2026 END, birth_month, 14)
    END
    WHEN appointed_on >= DATE '2025-11-18' THEN appointed_on
    ELSE confirmation_statement_due
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "person_verify_by"(requested date, confirmation_statement_due date, role text, appointed_on date, birth_month integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(requested, statutory_verify_by(role, appointed_on, birth_month, confirmation_statement_due))
$$;
--> statement-breakpoint
CREATE FUNCTION "uk_today"() RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (now() AT TIME ZONE 'Europe/London')::date
$$;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "next_verify_by" date;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "priority_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The step of the deadline reminders last sent to a person (days before the date), and the date it was for.
ALTER TABLE "directors" ADD COLUMN "verify_by_reminded_for" date;
--> statement-breakpoint
ALTER TABLE "directors" ADD COLUMN "verify_by_reminder_days" integer;
--> statement-breakpoint
-- A client's earliest date, from its people still to be verified.
CREATE FUNCTION "client_next_verify_by"(client integer, requested date, confirmation_statement_due date) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT min(person_verify_by(requested, confirmation_statement_due, d.register_role, d.register_appointed_on, d.register_birth_month))
  FROM directors d
  WHERE d.client_id = client AND d.is_deleted = false AND d.status NOT IN ('Complete', 'Rejected')
$$;
--> statement-breakpoint
CREATE FUNCTION "client_priority_at"(created_at timestamptz, next_verify_by date) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN next_verify_by < uk_today() THEN created_at + interval '10000 years' ELSE created_at END
$$;
--> statement-breakpoint
-- Every client's two columns from its rows in one pass over directors, written where they differ:
-- here, and by the large-data generator, which loads with the triggers off (db/seed/large.ts).
-- Sets both columns itself, since the row trigger may be off.
CREATE FUNCTION "client_next_verify_by_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE clients c SET next_verify_by = x.v, priority_at = client_priority_at(c.created_at, x.v)
  FROM (
    SELECT k.id, m.v FROM clients k LEFT JOIN (
      SELECT d.client_id, min(person_verify_by(o.verify_by, o.confirmation_statement_due, d.register_role, d.register_appointed_on, d.register_birth_month)) AS v
      FROM directors d JOIN clients o ON o.id = d.client_id
      WHERE d.is_deleted = false AND d.status NOT IN ('Complete', 'Rejected')
      GROUP BY d.client_id
    ) AS m ON m.client_id = k.id
  ) AS x
  WHERE c.id = x.id AND (c.next_verify_by, c.priority_at) IS DISTINCT FROM (x.v, client_priority_at(c.created_at, x.v));
$$;
--> statement-breakpoint
SELECT client_next_verify_by_rebuild();
--> statement-breakpoint
-- The client's own dates: its earliest again when its requested or confirmation statement date
-- changes (its row is locked by the update), and its place in the default order on every write.
CREATE FUNCTION "clients_verify_by_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.next_verify_by := NULL;
  ELSIF (NEW.verify_by, NEW.confirmation_statement_due) IS DISTINCT FROM (OLD.verify_by, OLD.confirmation_statement_due) THEN
    NEW.next_verify_by := client_next_verify_by(NEW.id, NEW.verify_by, NEW.confirmation_statement_due);
  END IF;
  NEW.priority_at := client_priority_at(NEW.created_at, NEW.next_verify_by);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clients_verify_by" BEFORE INSERT OR UPDATE ON "clients" FOR EACH ROW EXECUTE FUNCTION clients_verify_by_row();
--> statement-breakpoint
-- Computes the given clients' earliest dates again, each after locking its row, writing those that changed.
CREATE FUNCTION "client_next_verify_by_refresh"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT DISTINCT i.id FROM unnest(ids) AS i(id) ORDER BY 1 LOOP
    PERFORM 1 FROM clients WHERE id = r.id FOR UPDATE;
    UPDATE clients c SET next_verify_by = x.v
    FROM (SELECT client_next_verify_by(k.id, k.verify_by, k.confirmation_statement_due) AS v FROM clients k WHERE k.id = r.id) AS x
    WHERE c.id = r.id AND c.next_verify_by IS DISTINCT FROM x.v;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "client_next_verify_by_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_next_verify_by_refresh(ARRAY(
    SELECT DISTINCT n.client_id FROM new_rows n WHERE n.is_deleted = false AND n.status NOT IN ('Complete', 'Rejected')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "client_next_verify_by_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (details, reminders, a status within the journey) change nothing that counts.
  PERFORM client_next_verify_by_refresh(ARRAY(
    SELECT x.client_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.client_id), (n.client_id)) AS x(client_id)
    WHERE (o.client_id, o.is_deleted, o.status IN ('Complete', 'Rejected'), o.register_role, o.register_appointed_on, o.register_birth_month)
      IS DISTINCT FROM (n.client_id, n.is_deleted, n.status IN ('Complete', 'Rejected'), n.register_role, n.register_appointed_on, n.register_birth_month)
    GROUP BY x.client_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "client_next_verify_by_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_next_verify_by_refresh(ARRAY(
    SELECT DISTINCT o.client_id FROM old_rows o WHERE o.is_deleted = false AND o.status NOT IN ('Complete', 'Rejected')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "client_next_verify_by_insert" AFTER INSERT ON "directors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_next_verify_by_inserted();
--> statement-breakpoint
CREATE TRIGGER "client_next_verify_by_update" AFTER UPDATE ON "directors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_next_verify_by_updated();
--> statement-breakpoint
CREATE TRIGGER "client_next_verify_by_delete" AFTER DELETE ON "directors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_next_verify_by_deleted();
--> statement-breakpoint
-- Clients whose kept date or place in the default order differs from a computation from their
-- rows (none, unless the triggers were off, or the nightly job has not yet run today).
CREATE FUNCTION "client_next_verify_by_check"() RETURNS TABLE (client_id integer, kept date, computed date, priority_kept timestamptz, priority_computed timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT c.id, c.next_verify_by, x.v, c.priority_at, client_priority_at(c.created_at, x.v)
  FROM clients c CROSS JOIN LATERAL (SELECT client_next_verify_by(c.id, c.verify_by, c.confirmation_statement_due) AS v) AS x
  WHERE c.next_verify_by IS DISTINCT FROM x.v OR c.priority_at IS DISTINCT FROM client_priority_at(c.created_at, x.v);
$$;
--> statement-breakpoint
-- The deadline filter and the reminders find clients by date; the sorts walk these in order.
CREATE INDEX "clients_next_verify_by_idx" ON "clients" USING btree ("next_verify_by") WHERE "clients"."next_verify_by" is not null;
--> statement-breakpoint
CREATE INDEX "clients_live_next_verify_by_id_idx" ON "clients" USING btree ("next_verify_by","id") WHERE "clients"."is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "clients_live_next_verify_by_desc_id_idx" ON "clients" USING btree ("next_verify_by" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "clients"."is_deleted" = false;
--> statement-breakpoint
CREATE INDEX "clients_live_priority_at_id_idx" ON "clients" USING btree ("priority_at","id") WHERE "clients"."is_deleted" = false;
