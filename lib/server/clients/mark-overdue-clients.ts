import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";

/** Clients moved per statement, so that a first run over a backlog never holds long locks. */
const BATCH = 5_000;

/**
 * Moves the clients whose earliest verify-by date has passed (UK date) to the front of the admin
 * list's default order (clients.priority_at, migration 0040). Every write of a client places it, but
 * a date passing writes nothing: this runs nightly, just after midnight (`clients.mark-overdue`),
 * and finds the clients whose date passed on clients_next_verify_by_idx. Idempotent: a second run
 * the same day finds none. System work, no user: the job runs it. Returns how many it moved.
 */
export async function markOverdueClients({ db }: { db: Db }): Promise<number> {
  let moved = 0;
  for (;;) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`with "due" as (
          select "id" from "clients" where "next_verify_by" < uk_today() and "priority_at" = "created_at"
          order by "id" limit ${BATCH} for update skip locked
        ), "moved" as (
          update "clients" "c" set "priority_at" = client_priority_at("c"."created_at", "c"."next_verify_by") from "due" where "c"."id" = "due"."id" returning 1
        )
        select count(*)::int as "n" from "moved"`),
    );
    const n = Number(row?.n ?? 0);
    moved += n;
    if (n < BATCH) return moved;
  }
}
