import "server-only";
import { sql } from "drizzle-orm";
import { openedDatabase } from "@/db";
import type { Db } from "@/db/client";
import { log } from "@/lib/log";

export interface SavedOutsideCall {
  service: string;
  operation: string;
  outcome: "success" | "failure";
  error?: string;
  at: Date;
}

/** A success is written at most this often per service and process: enough for "last success". */
const SUCCESS_EVERY_MS = 10_000;
const lastSuccessWritten = new Map<string, number>();
const pending = new Set<Promise<void>>();

/**
 * Keeps an outside service's state (db/schema/operations.ts) from one call, in the background: the
 * caller's request or job does not wait for it, and it does not run inside the caller's
 * transaction (on the embedded database it waits for that transaction to end instead of deadlocking
 * on the one connection). Only beside a database this process has already opened; a failure to
 * write is logged and forgotten, since it must never fail the call it describes.
 *
 * A success is one upsert (at most every ten seconds per service). A failure is one statement:
 * the failure row, the service row, and the service's failure rows older than a day deleted.
 */
export function saveOutsideCall(call: SavedOutsideCall): void {
  const handle = openedDatabase();
  if (!handle) return;
  if (call.outcome === "success") {
    const last = lastSuccessWritten.get(call.service);
    if (last !== undefined && call.at.getTime() - last < SUCCESS_EVERY_MS) return;
    lastSuccessWritten.set(call.service, call.at.getTime());
  } else {
    // The first success after a failure is written at once: the page must not show it failing.
    lastSuccessWritten.delete(call.service);
  }
  const write: Promise<void> = handle
    .then(({ db }) => (call.outcome === "success" ? writeSuccess(db, call) : writeFailure(db, call)))
    .catch((err: unknown) => log.warn({ err }, `[operations] the state of ${call.service} was not saved: ${err instanceof Error ? err.message : String(err)}`))
    .finally(() => pending.delete(write));
  pending.add(write);
}

/** Waits for the state writes started so far (tests, and before a process exits). */
export async function flushOutsideCalls(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** Forgets when successes were last written, so the next one is written (tests). */
export function resetOutsideCallThrottle() {
  lastSuccessWritten.clear();
}

async function writeSuccess(db: Db, call: SavedOutsideCall) {
  await db.execute(sql`
    insert into outside_services (service, last_success_at, updated_at) values (${call.service}, ${call.at}, now())
    on conflict (service) do update set last_success_at = greatest(outside_services.last_success_at, excluded.last_success_at), updated_at = now()`);
}

async function writeFailure(db: Db, call: SavedOutsideCall) {
  const message = call.error ?? "unknown error";
  await db.execute(sql`
    with failure as (
      insert into outside_service_failures (service, operation, message, failed_at) values (${call.service}, ${call.operation}, ${message}, ${call.at})
    ), pruned as (
      delete from outside_service_failures where service = ${call.service} and failed_at < ${call.at}::timestamptz - interval '1 day'
    )
    insert into outside_services (service, last_failure_at, last_failure_operation, last_failure_message, updated_at)
    values (${call.service}, ${call.at}, ${call.operation}, ${message}, now())
    on conflict (service) do update set
      last_failure_at = excluded.last_failure_at,
      last_failure_operation = excluded.last_failure_operation,
      last_failure_message = excluded.last_failure_message,
      updated_at = now()
    where outside_services.last_failure_at is null or outside_services.last_failure_at <= excluded.last_failure_at`);
}
