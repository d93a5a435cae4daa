import "server-only";
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { securityEvents, type SecurityEventRow } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { SecurityEventQuery } from "@/lib/schemas/audit-query";
import { AppError } from "@/lib/server/app-error";
import { pagerFor, type Pager } from "@/lib/pager";

/** One page of the security events (sign-ins, sign-outs, denials, rate limits), newest first. */
export async function listSecurityEvents({
  db,
  user,
  query,
}: {
  db: Db;
  user: Principal;
  query: SecurityEventQuery;
}): Promise<{ events: SecurityEventRow[]; pager: Pager }> {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  const where = query.event ? eq(securityEvents.event, query.event) : undefined;
  const [events, [total]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.timestamp), desc(securityEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(securityEvents).where(where),
  ]);
  return {
    events,
    pager: pagerFor(Number(total?.n ?? 0), query.page, query.pageSize),
  };
}
