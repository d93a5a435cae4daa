import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { OUTSIDE_SERVICES } from "@/lib/metrics/outside-call";
import { AppError } from "@/lib/server/app-error";

export interface OutsideServiceState {
  /** stripe, yoti, sage, companies-house, email, storage, captcha, or another a newer adapter records. */
  service: string;
  /** "working": the last call recorded succeeded; "failing": it failed; "unknown": no call recorded yet. */
  state: "working" | "failing" | "unknown";
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastFailureOperation: string | null;
  lastFailureMessage: string | null;
  failuresLastHour: number;
}

/**
 * Each outside service as all instances recorded it (lib/metrics/outside-call.ts): the known ones
 * always, in a fixed order, then any other. Admins only.
 */
export async function listOutsideServices({ db, user, now = new Date() }: { db: DbOrTx; user: Principal; now?: Date }): Promise<OutsideServiceState[]> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  const rows = rowsOf<{ service: string; last_success_at: Date | string | null; last_failure_at: Date | string | null; last_failure_operation: string | null; last_failure_message: string | null; failures: number }>(
    await db.execute(sql`
      select s.service, s.last_success_at, s.last_failure_at, s.last_failure_operation, s.last_failure_message,
        (select count(*) from outside_service_failures f where f.service = s.service and f.failed_at > ${now}::timestamptz - interval '1 hour')::int as failures
      from outside_services s`),
  );
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  const byService = new Map(rows.map((r) => [r.service, r]));
  const order = [...OUTSIDE_SERVICES, ...[...byService.keys()].filter((s) => !(OUTSIDE_SERVICES as readonly string[]).includes(s)).sort()];
  return order.map((service) => {
    const r = byService.get(service);
    const lastSuccessAt = date(r?.last_success_at ?? null);
    const lastFailureAt = date(r?.last_failure_at ?? null);
    const state = !lastSuccessAt && !lastFailureAt ? "unknown" : lastFailureAt && (!lastSuccessAt || lastFailureAt >= lastSuccessAt) ? "failing" : "working";
    return {
      service,
      state,
      lastSuccessAt,
      lastFailureAt,
      lastFailureOperation: r?.last_failure_operation ?? null,
      lastFailureMessage: r?.last_failure_message ?? null,
      failuresLastHour: Number(r?.failures ?? 0),
    };
  });
}
