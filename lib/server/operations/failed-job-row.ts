import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "@/db/client";
import { errorText, failedJobsQueue } from "@/lib/jobs/queue";
import { jobDefinitions } from "@/lib/jobs/definitions";
import { AppError } from "@/lib/server/app-error";

export interface FailedJobRow {
  id: string;
  name: string;
  state: string;
  data: unknown;
  error: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job of one of the portal's queues, locked for the rest of `tx` (two admins deciding at once are
 * taken one after the other). Unknown queue or id: 404. Not failed (any more): 409.
 */
export async function lockFailedJob(tx: Tx, name: string, id: string): Promise<FailedJobRow> {
  if ((!jobDefinitions.has(name) && name !== failedJobsQueue) || !UUID.test(id)) throw new AppError("not_found");
  const [row] = rowsOf<{ id: string; name: string; state: string; data: unknown; output: unknown }>(
    await tx.execute(sql`select id, name, state::text as state, data, output from pgboss.job where name = ${name} and id = ${id}::uuid for update`),
  );
  if (!row) throw new AppError("not_found");
  if (row.state !== "failed") throw new AppError("conflict", "job_not_failed");
  return { id: row.id, name: row.name, state: row.state, data: row.data, error: errorText(row.output).replace(/\s+/g, " ").trim().slice(0, 500) };
}
